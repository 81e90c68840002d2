import { Button, Container, Heading, HStack, Text, VStack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { MESSAGES, PRODUCT_NAME } from '@solutionz/shared';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';

/** A page for another account type (docs/product/site.md#page-guards). */
export function AccessDenied({ requiredType }: { requiredType: 'provider' | 'client' }) {
  useDocumentTitle(`${MESSAGES.accessDenied.title} | ${PRODUCT_NAME}`);
  return (
    <Container maxW="3xl" py={{ base: '12', md: '20' }} px={{ base: '4', md: '6' }}>
      <VStack gap="4" textAlign="center">
        <Heading as="h1" size="3xl">
          {MESSAGES.accessDenied.title}
        </Heading>
        <Text color="fg.muted">{MESSAGES.accessDenied[requiredType]}</Text>
        <HStack gap="3" flexWrap="wrap" justify="center">
          <Button asChild>
            <RouterLink to={paths.directory}>Browse Directory</RouterLink>
          </Button>
          <Button asChild variant="outline">
            <RouterLink to={paths.home}>Return Home</RouterLink>
          </Button>
        </HStack>
      </VStack>
    </Container>
  );
}
