import { Button, Container, Heading, HStack, Text, VStack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { PRODUCT_NAME } from '@solutionz/shared';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * A screen whose features a later issue builds: it has its real route, title and heading now, and
 * says plainly that the rest is on its way.
 */
export function ComingSoonPage({ heading, description }: { heading: string; description: string }) {
  useDocumentTitle(`${heading} | ${PRODUCT_NAME}`);
  return (
    <Container maxW="3xl" py={{ base: '12', md: '20' }} px={{ base: '4', md: '6' }}>
      <VStack gap="4" textAlign="center">
        <Heading as="h1" size="3xl">
          {heading}
        </Heading>
        <Text color="fg.muted">{description}</Text>
        <Text fontWeight="medium">This page is coming soon.</Text>
        <HStack gap="3" flexWrap="wrap" justify="center">
          <Button asChild>
            <RouterLink to={paths.home}>Back to Home</RouterLink>
          </Button>
          <Button asChild variant="outline">
            <RouterLink to={paths.directory}>Find Professionals</RouterLink>
          </Button>
        </HStack>
      </VStack>
    </Container>
  );
}
