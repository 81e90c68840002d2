import { Alert, Button, Spinner, Stack, Text } from '@chakra-ui/react';
import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { UnsubscribeResponse } from '@solutionz/shared';
import { AuthCard } from '@/components/forms/auth-card';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useAuthActions, useSession } from '@/lib/auth/session';

export interface UnsubscribeTexts {
  /** The card's title until it is done ("Job alerts"). */
  readonly title: string;
  /** Its title once done. */
  readonly unsubscribed: string;
  /** What pressing the button does, said before it is pressed. */
  readonly offer: string;
  /** The button's words. */
  readonly action: string;
  readonly working: string;
  readonly done: string;
  /** What a link without a token, or with one that is not one, is told. */
  readonly invalid: string;
}

/**
 * The page a notification mail's unsubscribe link opens (?token=), signed in or not. Opening it changes
 * nothing: mail scanners and link previews open links too. It says what will happen and the person presses
 * the button; then that kind of mail is off and the page points at the notification settings.
 */
export function UnsubscribeLinkPage({ texts, unsubscribe }: { texts: UnsubscribeTexts; unsubscribe: UseMutationResult<UnsubscribeResponse, Error, string> }) {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  const session = useSession();
  const { refreshProfile } = useAuthActions();
  const signedIn = session.status === 'signedIn';

  useEffect(() => {
    // The notification settings of this browser's session show the mails off at once.
    if (unsubscribe.isSuccess && signedIn) void refreshProfile();
  }, [unsubscribe.isSuccess, signedIn, refreshProfile]);

  let body;
  if (!token || unsubscribe.isError) {
    const message = unsubscribe.error instanceof ApiError ? unsubscribe.error.message : texts.invalid;
    body = (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Title>{token ? message : texts.invalid}</Alert.Title>
      </Alert.Root>
    );
  } else if (unsubscribe.isSuccess) {
    body = <Text textAlign="center">{texts.done}</Text>;
  } else if (unsubscribe.isPending) {
    body = (
      <Stack direction="row" gap="3" align="center" justify="center" role="status">
        <Spinner size="sm" />
        <Text>{texts.working}</Text>
      </Stack>
    );
  } else {
    body = (
      <>
        <Text textAlign="center">{texts.offer}</Text>
        <Button alignSelf="center" onClick={() => unsubscribe.mutate(token)}>
          {texts.action}
        </Button>
      </>
    );
  }

  return (
    <AuthCard title={unsubscribe.isSuccess ? texts.unsubscribed : texts.title}>
      {body}
      {unsubscribe.isSuccess || unsubscribe.isError || !token ? (
        <Button asChild alignSelf="center">
          <RouterLink to={paths.accountTab('notifications')}>Notification settings</RouterLink>
        </Button>
      ) : null}
    </AuthCard>
  );
}
