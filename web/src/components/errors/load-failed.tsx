import { Alert, Button } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ERROR_CODES, MESSAGES } from '@solutionz/shared';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';

interface LoadFailedProps {
  /** The screen's own words for what could not be read. */
  readonly message: string;
  /** Reads it again; without it the state offers no button (nothing a second read would change, or the page reloads it). */
  readonly onRetry?: () => void;
  /** The second read is under way: the button shows it. */
  readonly retrying?: boolean;
  /** The button's words where the screen has its own (Try Again); Try again otherwise. */
  readonly retryLabel?: string;
  /** Why it failed, when the answer can say what to do instead (an admin without 2-step verification). */
  readonly error?: unknown;
}

/**
 * The one way a screen, list or panel says it could not load: the screen's message and Try again. Where the stage
 * requires 2-step verification of admins and this one has not turned it on, the admin screens' reads are refused
 * for that: the state then says so in the API's words and offers the way to set it up instead.
 */
export function LoadFailed({ message, onRetry, retrying, retryLabel = MESSAGES.errorFallback.retry, error }: LoadFailedProps) {
  if (error instanceof ApiError && error.code === ERROR_CODES.adminMfaRequired.code) {
    return (
      <Alert.Root status="warning" flexWrap="wrap" alignItems="center">
        <Alert.Indicator />
        <Alert.Title flex="1">{error.message}</Alert.Title>
        <Button asChild size="sm">
          <RouterLink to={paths.accountTab('security')}>Set up 2-step verification</RouterLink>
        </Button>
      </Alert.Root>
    );
  }
  return (
    <Alert.Root status="error" role="alert" flexWrap="wrap" alignItems="center">
      <Alert.Indicator />
      <Alert.Title flex="1">{message}</Alert.Title>
      {onRetry && (
        <Button size="sm" variant="outline" onClick={onRetry} loading={retrying}>
          {retryLabel}
        </Button>
      )}
    </Alert.Root>
  );
}
