import { Container, Heading, Stack, Text } from '@chakra-ui/react';
import { ADMIN_BUSINESSES_MESSAGES as MESSAGES, PRODUCT_NAME } from '@solutionz/shared';
import { useDocumentTitle } from '@/lib/use-document-title';
import { BusinessesList } from '../components/businesses-list';

/** /admin/businesses (spec 02): the businesses admins created and their claims. */
export function AdminBusinessesPage() {
  useDocumentTitle(`${MESSAGES.title} | ${PRODUCT_NAME}`);
  return (
    <Container maxW="7xl" py={{ base: '6', md: '10' }} px={{ base: '4', md: '6' }}>
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            {MESSAGES.title}
          </Heading>
          <Text color="fg.muted">{MESSAGES.description}</Text>
        </Stack>
        <BusinessesList />
      </Stack>
    </Container>
  );
}
