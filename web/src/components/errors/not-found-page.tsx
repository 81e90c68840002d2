import { Button, Heading, HStack, Text, VStack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { MESSAGES, PRODUCT_NAME } from '@solutionz/shared';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';

/** Any path outside the route table (docs/product/site.md#error-screens). */
export function NotFoundPage() {
  useDocumentTitle(`${MESSAGES.notFound.heading} | ${PRODUCT_NAME}`);
  return (
    <VStack as="section" gap="4" py={{ base: '16', md: '24' }} px="4" textAlign="center">
      <Heading as="h1" fontSize={{ base: '6xl', md: '7xl' }} lineHeight="1" color="brand.solid">
        {MESSAGES.notFound.title}
      </Heading>
      <Heading as="h2" size="2xl">
        {MESSAGES.notFound.heading}
      </Heading>
      <Text color="fg.muted" maxW="prose">
        {MESSAGES.notFound.text}
      </Text>
      <HStack gap="3" flexWrap="wrap" justify="center">
        <Button asChild>
          <RouterLink to={paths.home}>Back to Home</RouterLink>
        </Button>
        <Button asChild variant="outline">
          <RouterLink to={paths.login}>Login</RouterLink>
        </Button>
      </HStack>
    </VStack>
  );
}
