import { Box, Button, chakra, HStack, Image, Input, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { SECURITY_MESSAGES, totpEnableRequestSchema, type MeResponse } from '@solutionz/shared';
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
 * Turn on 2-step verification: a new authenticator secret as a QR code and as text, then
 * the current password and a code from the app to prove it was added (a session alone must not be
 * able to bind an authenticator). Later sign-ins ask for a code.
 */
export default function TwoStepOnDialog({ profile, onClose }: { profile: MeResponse; onClose: () => void }) {
  const setup = useSetupTotp();
  const enable = useEnableTotp(profile.userId);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string; code?: string }>({});
  const [copied, setCopied] = useState(false);
  const secret = setup.data;
  const qrCode = useQrCode(secret?.otpauthUri);
  const { mutate: start } = setup;

  // Each setup replaces the secret before it: one per opening, also when React runs effects twice.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    start();
  }, [start]);

  const submit = () => {
    const parsed = totpEnableRequestSchema.safeParse({ password, code });
    if (!parsed.success) {
      const problem = (field: string) => parsed.error.issues.find((issue) => issue.path[0] === field)?.message;
      return setErrors({ password: problem('password'), code: problem('code') });
    }
    setErrors({});
    enable.mutate(parsed.data, {
      onSuccess: () => {
        toaster.success(SECURITY_MESSAGES.totpEnabled);
        onClose();
      },
      onError: (error) => {
        const passwordProblem = error instanceof ApiError ? error.fieldMessage('password') : undefined;
        if (passwordProblem) return setErrors({ password: passwordProblem });
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
      busy={enable.isPending}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={enable.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="two-step-on-form" loading={enable.isPending} loadingText="Checking..." disabled={!secret}>
            Turn on
          </Button>
        </>
      }
    >
      <Stack gap="5">
        <chakra.ol ps="5" display="flex" flexDirection="column" gap="1">
          <li>Open an authenticator app on your phone (for example Google Authenticator, Microsoft Authenticator or 1Password).</li>
          <li>Scan the QR code, or type in the secret key.</li>
          <li>Enter the 6-digit code the app shows, and your current password.</li>
        </chakra.ol>
        {setup.isError ? (
          <Stack gap="2" align="start">
            <FormErrorAlert message={setup.error instanceof ApiError ? setup.error.message : 'The authenticator secret could not be created.'} />
            <Button size="sm" variant="outline" onClick={() => start()}>
              Try again
            </Button>
          </Stack>
        ) : (
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
                <Input readOnly value={secret?.secret ?? ''} fontFamily="mono" onFocus={(event) => event.currentTarget.select()} />
                <Button variant="outline" onClick={() => void copy()} disabled={!secret}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              </HStack>
            </FieldShell>
          </Stack>
        )}
        <StackedForm id="two-step-on-form" onSubmit={submit}>
          <FormField
            label="Code from the app"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            error={errors.code}
            onChange={(event) => setCode(event.target.value)}
          />
          <FormField
            label="Current password"
            type="password"
            autoComplete="current-password"
            value={password}
            error={errors.password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </StackedForm>
        <Text fontSize="sm" color="fg.muted">
          Keep the app: from now on signing in asks for a code from it.
        </Text>
      </Stack>
    </AppDialog>
  );
}
