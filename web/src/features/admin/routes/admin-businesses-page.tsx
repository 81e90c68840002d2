import { Container, Heading, Stack, Text } from '@chakra-ui/react';
import { ADMIN_BUSINESSES_MESSAGES as MESSAGES, PRODUCT_NAME } from '@solutionz/shared';
import { useDocumentTitle } from '@/lib/use-document-title';
import { BusinessesList } from '../components/businesses-list';
import { ClaimsReview } from '../components/claims-review';

/** /admin/businesses (docs/product/claims.md): the claims waiting for a decision, then the businesses admins created and who claimed them. */
export function AdminBusinessesPage() {
  useDocumentTitle(`${MESSAGES.title} | ${PRODUCT_NAME}`);
  return (
    <Container as="section" aria-labelledby="admin-businesses-title" maxW="7xl" py={{ base: '6', md: '10' }} px={{ base: '4', md: '6' }}>
      <Heading as="h1" id="admin-businesses-title" size="2xl" mb="1">
        {MESSAGES.title}
      </Heading>
      <Text color="fg.muted" mb="6">
        {MESSAGES.description}
      </Text>
      <Stack gap="8">
        <ClaimsReview />
        <BusinessesList />
      </Stack>
    </Container>
  );
}
