import { Alert, Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { JOB_ALERT_MESSAGES } from '@solutionz/shared';
import { AuthCard } from '@/components/forms/auth-card';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useAuthActions, useSession } from '@/lib/auth/session';
import { useUnsubscribeJobAlerts } from '../api/job-alerts';

/**
 * /job-alerts/unsubscribe?token=: the one-click unsubscribe link of a job alert mail. It
 * turns the provider's Job Alerts off on opening, signed in or not.
 */
export function JobAlertsUnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  const unsubscribe = useUnsubscribeJobAlerts();
  const session = useSession();
  const { refreshProfile } = useAuthActions();
  const signedIn = session.status === 'signedIn';
  // StrictMode runs effects twice in development; the link is followed once.
  const sentFor = useRef<string | null>(null);
  const { mutate } = unsubscribe;

  useEffect(() => {
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    mutate(token);
  }, [token, mutate]);

  useEffect(() => {
    // The notification settings of this browser's session show alerts off at once.
    if (unsubscribe.isSuccess && signedIn) void refreshProfile();
  }, [unsubscribe.isSuccess, signedIn, refreshProfile]);

  let body;
  if (!token || unsubscribe.isError) {
    const message = unsubscribe.error instanceof ApiError ? unsubscribe.error.message : JOB_ALERT_MESSAGES.unsubscribeInvalid;
    body = (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Title>{token ? message : JOB_ALERT_MESSAGES.unsubscribeInvalid}</Alert.Title>
      </Alert.Root>
    );
  } else if (unsubscribe.isSuccess) {
    body = <Text textAlign="center">You will get no more e-mails about new jobs. You can turn Job Alerts on again in your notification settings.</Text>;
  } else {
    body = (
      <Stack direction="row" gap="3" align="center" justify="center" role="status">
        <Spinner size="sm" />
        <Text>Unsubscribing you from job alerts...</Text>
      </Stack>
    );
  }

  return (
    <AuthCard title={unsubscribe.isSuccess ? JOB_ALERT_MESSAGES.unsubscribed : 'Job alerts'}>
      {body}
      {unsubscribe.isSuccess || unsubscribe.isError || !token ? (
        <Button asChild alignSelf="center">
          <RouterLink to={paths.accountTab('notifications')}>Notification settings</RouterLink>
        </Button>
      ) : null}
    </AuthCard>
  );
}
