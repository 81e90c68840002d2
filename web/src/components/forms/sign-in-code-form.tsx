import { Button, HStack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { SECURITY_MESSAGES } from '@solutionz/shared';
import { FormField } from './form-field';
import { StackedForm } from './stacked-form';

const CODE_PATTERN = /^\d{6}$/;

export interface SignInCodeFormProps {
  /** Finishes the sign-in with the code; a wrong code (CodeMismatchException) is shown here and may be retried. */
  onCode: (code: string) => Promise<void>;
  /** Any other failure: the sign-in has to start again. */
  onFailure: (error: unknown) => void;
  onCancel: () => void;
  submitLabel?: string;
}

/** The second step of signing in to an account with 2-step verification: the code from the authenticator app. */
export function SignInCodeForm({ onCode, onFailure, onCancel, submitLabel = 'Verify' }: SignInCodeFormProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit() {
    const trimmed = code.trim();
    if (!CODE_PATTERN.test(trimmed)) return setError(SECURITY_MESSAGES.totpCodeFormat);
    setError(undefined);
    setBusy(true);
    try {
      await onCode(trimmed);
    } catch (failure) {
      if ((failure as { name?: string } | null)?.name === 'CodeMismatchException') {
        setError(SECURITY_MESSAGES.totpCodeInvalid);
        setCode('');
      } else {
        onFailure(failure);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <StackedForm onSubmit={() => void submit()}>
      <Text>{SECURITY_MESSAGES.totpCodeFormat}.</Text>
      <FormField
        label="Authentication code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        autoFocus
        value={code}
        error={error}
        onChange={(event) => setCode(event.target.value)}
      />
      <HStack gap="3">
        <Button type="submit" loading={busy} loadingText="Checking..." flex="1">
          {submitLabel}
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </HStack>
    </StackedForm>
  );
}
