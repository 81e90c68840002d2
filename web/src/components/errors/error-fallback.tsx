import { Button, Heading, Text, VStack } from '@chakra-ui/react';
import { MESSAGES } from '@solutionz/shared';

function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return MESSAGES.errorFallback.fallback;
}

/** The generic error screen (docs/product/site.md#error-screens). */
export function ErrorFallback({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <VStack as="section" role="alert" gap="4" py="20" px="4" textAlign="center">
      <Heading as="h1" size="2xl">
        {MESSAGES.errorFallback.title}
      </Heading>
      <Text color="fg.muted" maxW="prose">
        {messageOf(error)}
      </Text>
      <Button onClick={onRetry}>{MESSAGES.errorFallback.retry}</Button>
    </VStack>
  );
}
