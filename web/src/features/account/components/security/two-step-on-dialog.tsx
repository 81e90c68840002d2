import { Box, Button, chakra, HStack, Image, Input, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { MESSAGES, SECURITY_MESSAGES, totpEnableRequestSchema, totpSetupRequestSchema, type MeResponse } from '@solutionz/shared';
import { FormErrorAlert } from '@/components/forms/form-error-alert';
import { FieldShell, FormField } from '@/components/forms/form-field';
import { StackedForm } from '@/components/forms/stacked-form';
import { AppDialog } from '@/components/ui/app-dialog';
import { toaster } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-client';
import { useEnableTotp, useSetupTotp } from '../../api/security';

/** The otpauth:// address as a QR code image; the QR library loads only here. */
function useQrCode(uri: string | undefined): string | undefined {
  const [image, setImage] = useState<{ uri: string; dataUrl: string }>();
  useEffect(() => {
    if (!uri) return;
    let current = true;
    import('qrcode')
      .then((qrcode) => qrcode.toDataURL(uri, { margin: 1, width: 200 }))
      .then((dataUrl) => current && setImage({ uri, dataUrl }))
      .catch((error: unknown) => console.error('Could not draw the QR code', error));
    return () => {
      current = false;
    };
  }, [uri]);
  return image && image.uri === uri ? image.dataUrl : undefined;
}

/**
 * Turn on 2-step verification in two steps. First the current password, with which the server asks
 * Cognito for a new authenticator secret (a session alone must not be able to start binding one); then
 * the secret as a QR code and as text, and a code from the app to prove it was added, sent with the same
 * password. Later sign-ins ask for a code.
 */
export default function TwoStepOnDialog({ profile, onClose }: { profile: MeResponse; onClose: () => void }) {
  const setup = useSetupTotp();
  const enable = useEnableTotp(profile.userId);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string; code?: string; root?: string }>({});
  const [copied, setCopied] = useState(false);
  const secret = setup.data;
  const qrCode = useQrCode(secret?.otpauthUri);
  const busy = setup.isPending || enable.isPending;

  /** Each setup replaces the secret before it. */
  const start = () => {
    const parsed = totpSetupRequestSchema.safeParse({ password });
    if (!parsed.success) return setErrors({ password: parsed.error.issues[0]?.message });
    setErrors({});
    setup.mutate(parsed.data, {
      onError: (error) => {
        const passwordProblem = error instanceof ApiError ? error.fieldMessage('password') : undefined;
        setErrors(passwordProblem ? { password: passwordProblem } : { root: error instanceof ApiError ? error.message : MESSAGES.api.internal });
      },
    });
  };

  const turnOn = () => {
    const parsed = totpEnableRequestSchema.safeParse({ password, code });
    if (!parsed.success) return setErrors({ code: parsed.error.issues.find((issue) => issue.path[0] === 'code')?.message });
    setErrors({});
    enable.mutate(parsed.data, {
      onSuccess: () => {
        toaster.success(SECURITY_MESSAGES.totpEnabled);
        onClose();
      },
      onError: (error) => {
        // The password was right a moment ago; changed since, the person starts again.
        const passwordProblem = error instanceof ApiError ? error.fieldMessage('password') : undefined;
        if (passwordProblem) {
          setup.reset();
          return setErrors({ password: passwordProblem });
        }
        setErrors({ code: error instanceof ApiError ? (error.fieldMessage('code') ?? error.message) : SECURITY_MESSAGES.totpCodeInvalid });
        setCode('');
      },
    });
  };

  const copy = async () => {
    if (!secret) return;
    await navigator.clipboard.writeText(secret.secret);
    setCopied(true);
  };

  return (
    <AppDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Turn on 2-step verification"
      busy={busy}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          {secret ? (
            <Button type="submit" form="two-step-on-form" loading={enable.isPending} loadingText="Checking...">
              Turn on
            </Button>
          ) : (
            <Button type="submit" form="two-step-password-form" loading={setup.isPending} loadingText="Checking...">
              Continue
            </Button>
          )}
        </>
      }
    >
      {secret ? (
        <Stack gap="5">
          <chakra.ol ps="5" display="flex" flexDirection="column" gap="1">
            <li>Open an authenticator app on your phone (for example Google Authenticator, Microsoft Authenticator or 1Password).</li>
            <li>Scan the QR code, or type in the secret key.</li>
            <li>Enter the 6-digit code the app shows.</li>
          </chakra.ol>
          <Stack gap="4" align="center">
            <Box boxSize="200px">
              {qrCode ? (
                <Image src={qrCode} alt="QR code for your authenticator app" boxSize="200px" />
              ) : (
                <Skeleton boxSize="200px" role="img" aria-label="Loading the QR code" />
              )}
            </Box>
            <FieldShell label="Secret key">
              <HStack gap="2">
                <Input readOnly value={secret.secret} fontFamily="mono" onFocus={(event) => event.currentTarget.select()} />
                <Button variant="outline" onClick={() => void copy()}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              </HStack>
            </FieldShell>
          </Stack>
          <StackedForm id="two-step-on-form" onSubmit={turnOn}>
            <FormField
              label="Code from the app"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              error={errors.code}
              onChange={(event) => setCode(event.target.value)}
            />
          </StackedForm>
          <Text fontSize="sm" color="fg.muted">
            Keep the app: from now on signing in asks for a code from it.
          </Text>
        </Stack>
      ) : (
        <StackedForm id="two-step-password-form" onSubmit={start}>
          <Text color="fg.muted">
            Signing in will ask for a code from an authenticator app on your phone as well as your password. First, enter your current password.
          </Text>
          <FormField
            label="Current password"
            type="password"
            autoComplete="current-password"
            value={password}
            error={errors.password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <FormErrorAlert message={errors.root} />
        </StackedForm>
      )}
    </AppDialog>
  );
}
