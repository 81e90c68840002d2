import { Alert, Button, Skeleton, Stack, Text } from '@chakra-ui/react';

/** Rows of grey while a list loads. */
export function LoadingRows({ label, rows = 5 }: { label: string; rows?: number }) {
  return (
    <Stack gap="2" role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} height="10" />
      ))}
    </Stack>
  );
}

/** A list that could not be read, with a way to try again. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert.Root status="error" flexWrap="wrap" alignItems="center">
      <Alert.Indicator />
      <Alert.Title flex="1">{message}</Alert.Title>
      <Button size="sm" variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </Alert.Root>
  );
}

export function EmptyState({ children }: { children: string }) {
  return (
    <Text py="8" textAlign="center" color="fg.muted">
      {children}
    </Text>
  );
}
