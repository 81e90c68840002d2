import { Button, Container, Heading, Text, VStack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { PROVIDER_PROFILE_MESSAGES, providerPageTitle } from '@solutionz/shared';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';

/** A provider who is not listed (or never was), to anyone but the owner (docs/product/provider-profile.md#who-sees-the-page). */
export function ProfileNotAvailable() {
  useDocumentTitle(providerPageTitle(null));
  const { title, text, back } = PROVIDER_PROFILE_MESSAGES.notAvailable;
  return (
    <Container maxW="3xl" py={{ base: '12', md: '20' }} px={{ base: '4', md: '6' }}>
      <VStack gap="4" textAlign="center">
        <Heading as="h1" size="3xl">
          {title}
        </Heading>
        <Text color="fg.muted" maxW="prose">
          {text}
        </Text>
        <Button asChild>
          <RouterLink to={paths.directory}>{back}</RouterLink>
        </Button>
      </VStack>
    </Container>
  );
}
