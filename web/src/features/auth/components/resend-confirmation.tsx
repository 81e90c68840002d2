import { Alert, Button, Text } from '@chakra-ui/react';
import { useState } from 'react';
import {
  EMAIL_FAILURE_MESSAGES,
  EMAIL_MESSAGES,
  EMAIL_RESEND_COUNTDOWN_S,
  emailFailureMessage,
  isEmailAddress,
  type EmailFailureCategory,
} from '@solutionz/shared';
import { FormField } from '@/components/forms/form-field';
import { StackedForm } from '@/components/forms/stacked-form';
import { toaster } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-client';
import { errorMessageWithRetry, waitLabel } from '@/lib/retry-after';
import { useResendConfirmation } from '../api/auth';
import { useCountdown } from './use-countdown';

interface Notice {
  readonly title: string;
  readonly description: string;
}

/** What a failed resend tells the user, by the class the server gave (docs/product/accounts.md#e-mail-delivery-failures). */
function failureNotice(error: unknown): Notice {
  if (!(error instanceof ApiError)) return EMAIL_MESSAGES.sendFailed;
  const category: EmailFailureCategory | undefined = error.category;
  if (!category) return { title: EMAIL_MESSAGES.resendFailed, description: error.message };
  if (category === 'UNKNOWN') return { title: EMAIL_MESSAGES.resendFailed, description: emailFailureMessage(category, error.message) };
  if (category === 'RATE_LIMIT')
    return { title: EMAIL_FAILURE_MESSAGES.RATE_LIMIT.title, description: errorMessageWithRetry(error, EMAIL_FAILURE_MESSAGES.RATE_LIMIT.description) };
  return EMAIL_FAILURE_MESSAGES[category];
}

export interface ResendConfirmationProps {
  /** The address to prefill. */
  defaultEmail?: string | null;
  /** A signed-in user's own address: the field is hidden and the mail goes there. */
  accountEmail?: string;
  /** Called when the mail service refused to send (SMTP_AUTH), so the page can offer signing in instead. */
  onSendFailed?: () => void;
}

/**
 * Sends the confirmation e-mail again. After a send, or when the server says to wait (the 60 s
 * countdown, or the day's cap), the button counts down EMAIL_RESEND_COUNTDOWN_S (or the server's
 * retry-after) before it can be used again, and the notice says when that is.
 */
export function ResendConfirmation({ defaultEmail, accountEmail, onSendFailed }: ResendConfirmationProps) {
  const [email, setEmail] = useState(defaultEmail ?? '');
  const [problem, setProblem] = useState<Notice | null>(null);
  const [sent, setSent] = useState(false);
  const countdown = useCountdown();

  const resend = useResendConfirmation({
    onSuccess: () => {
      setSent(true);
      countdown.start(EMAIL_RESEND_COUNTDOWN_S);
      toaster.create({ type: 'success', ...EMAIL_MESSAGES.resent });
    },
    onError: (error) => {
      const notice = failureNotice(error);
      setProblem(notice);
      toaster.create({ type: 'error', ...notice });
      if (!(error instanceof ApiError)) return;
      if (error.category === 'RATE_LIMIT') countdown.start(error.retryAfterSeconds ?? EMAIL_RESEND_COUNTDOWN_S);
      if (error.category === 'SMTP_AUTH') onSendFailed?.();
    },
  });

  const send = () => {
    setProblem(null);
    setSent(false);
    const address = (accountEmail ?? email).trim();
    const invalid = !address ? EMAIL_MESSAGES.noEmail : isEmailAddress(address) ? null : EMAIL_MESSAGES.invalidEmail;
    if (invalid) {
      setProblem(invalid);
      toaster.create({ type: 'error', ...invalid });
      return;
    }
    resend.mutate(address.toLowerCase());
  };

  const waiting = countdown.remaining > 0;
  return (
    <StackedForm gap="3" onSubmit={send}>
      {!accountEmail && <FormField label="Email" type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.currentTarget.value)} />}
      {problem && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{problem.title}</Alert.Title>
            <Alert.Description>{problem.description}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {sent && (
        <Text role="status" color="fg.success">
          {EMAIL_MESSAGES.sentOnPage}
        </Text>
      )}
      <Button type="submit" variant="outline" loading={resend.isPending} loadingText="Sending..." disabled={waiting}>
        {waiting ? `Resend in ${waitLabel(countdown.remaining)}` : 'Resend confirmation email'}
      </Button>
    </StackedForm>
  );
}
