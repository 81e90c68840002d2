import { Alert, Button, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ADMIN_CONSOLE_MESSAGES, ERROR_CODES } from '@solutionz/shared';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';

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

/**
 * A list that could not be read, with a way to try again; or, where the stage requires 2-step
 * verification of admins and this one has not turned it on, the way to set it up.
 */
export function LoadFailed({ message, onRetry, error }: { message: string; onRetry: () => void; error?: unknown }) {
  if (error instanceof ApiError && error.code === ERROR_CODES.adminMfaRequired.code) {
    return (
      <Alert.Root status="warning" flexWrap="wrap" alignItems="center">
        <Alert.Indicator />
        <Alert.Title flex="1">{ADMIN_CONSOLE_MESSAGES.mfaRequired}</Alert.Title>
        <Button asChild size="sm">
          <RouterLink to={paths.accountTab('security')}>Set up 2-step verification</RouterLink>
        </Button>
      </Alert.Root>
    );
  }
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
