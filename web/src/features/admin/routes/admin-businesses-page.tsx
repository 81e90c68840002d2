import { Container, Heading, Stack } from '@chakra-ui/react';
import { PRODUCT_NAME } from '@solutionz/shared';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ClaimsReview } from '../components/claims-review';

/** /admin/businesses: the businesses admins listed and the claims on them waiting for a decision. */
export function AdminBusinessesPage() {
  useDocumentTitle(`Businesses | ${PRODUCT_NAME}`);
  return (
    <Container maxW="7xl" py={{ base: '6', md: '10' }} px={{ base: '4', md: '6' }}>
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          Businesses
        </Heading>
        <ClaimsReview />
      </Stack>
    </Container>
  );
}
