import { Alert, Button, chakra, Link, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  AUTH_PAGE_MESSAGES,
  EMAIL_FAILURE_MESSAGES,
  REDIRECT_AFTER_PASSWORD_RESET_MS,
  passwordResetRequestSchema,
  passwordSchema,
} from '@solutionz/shared';
import { AuthCard } from '@/components/forms/auth-card';
import { FormField } from '@/components/forms/form-field';
import { applyServerFieldErrors } from '@/components/forms/server-errors';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { errorMessageWithRetry, waitLabel } from '@/lib/retry-after';
import { useConfirmPasswordReset, useRequestPasswordReset } from '../api/auth';
import { useCountdown } from '../components/use-countdown';

/** The product's one password policy (the API's schema), with the reset page's own mismatch wording. */
const newPasswordSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((value) => value.password === value.confirmPassword, { path: ['confirmPassword'], message: AUTH_PAGE_MESSAGES.resetPasswordsDoNotMatch });
type NewPassword = z.infer<typeof newPasswordSchema>;
type ResetRequest = z.input<typeof passwordResetRequestSchema>;

function BackToLogin() {
  return (
    <Text fontSize="sm" textAlign="center">
      Remembered it?{' '}
      <Link asChild color="brand.fg" fontWeight="medium">
        <RouterLink to={paths.login}>Back to login</RouterLink>
      </Link>
    </Text>
  );
}

/** /reset-password (docs/product/accounts.md#password-reset): mode=request asks for the link, mode=reset&token=... sets the new password. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  if (searchParams.get('mode') === 'reset') return <ChooseNewPassword token={searchParams.get('token')} />;
  return <RequestResetLink />;
}

function RequestResetLink() {
  const { register, handleSubmit, formState } = useForm<ResetRequest, unknown, z.output<typeof passwordResetRequestSchema>>({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { email: '' },
  });
  const countdown = useCountdown();
  const request = useRequestPasswordReset({
    onSuccess: () => toaster.create({ type: 'success', title: AUTH_PAGE_MESSAGES.resetEmailSent }),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 429 && error.retryAfterSeconds) countdown.start(error.retryAfterSeconds);
    },
  });
  const rateLimited = request.error instanceof ApiError && request.error.category === 'RATE_LIMIT';
  const waiting = countdown.remaining > 0;

  if (request.isSuccess) {
    return (
      <AuthCard title="Check your inbox">
        <Text role="status" textAlign="center">
          {request.data.message}
        </Text>
        <Button variant="outline" onClick={() => request.reset()}>
          Use a different email
        </Button>
        <BackToLogin />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset your password" description="Enter the email address of your account and we'll send you a link to choose a new password.">
      <chakra.form display="flex" flexDirection="column" gap="4" noValidate onSubmit={handleSubmit(({ email }) => request.mutate(email))}>
        <FormField label="Email" type="email" autoComplete="email" error={formState.errors.email?.message} {...register('email')} />
        {request.isError && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              {rateLimited && <Alert.Title>{EMAIL_FAILURE_MESSAGES.RATE_LIMIT.title}</Alert.Title>}
              <Alert.Description>
                {rateLimited ? errorMessageWithRetry(request.error, AUTH_PAGE_MESSAGES.resetEmailFailed) : AUTH_PAGE_MESSAGES.resetEmailFailed}
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        <Button type="submit" loading={request.isPending} loadingText="Sending..." disabled={waiting}>
          {waiting ? `Send again in ${waitLabel(countdown.remaining)}` : 'Send reset link'}
        </Button>
      </chakra.form>
      <BackToLogin />
    </AuthCard>
  );
}

function InvalidLink({ message }: { message: string }) {
  return (
    <>
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Description>{message}</Alert.Description>
      </Alert.Root>
      <Button asChild variant="outline">
        <RouterLink to={paths.resetPassword}>Request a new link</RouterLink>
      </Button>
    </>
  );
}

function ChooseNewPassword({ token }: { token: string | null }) {
  const navigate = useNavigate();
  const [linkProblem, setLinkProblem] = useState<string | null>(token ? null : ACCOUNT_MESSAGES.resetLinkInvalid);
  const { register, handleSubmit, setError, formState } = useForm<NewPassword>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const update = useConfirmPasswordReset(token, {
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'TOKEN_INVALID') setLinkProblem(error.message || ACCOUNT_MESSAGES.resetLinkInvalid);
      else applyServerFieldErrors(error, setError, ['password', 'confirmPassword']);
    },
  });

  useEffect(() => {
    if (!update.isSuccess) return;
    const timer = window.setTimeout(() => void navigate(paths.login, { replace: true }), REDIRECT_AFTER_PASSWORD_RESET_MS);
    return () => window.clearTimeout(timer);
  }, [update.isSuccess, navigate]);

  if (update.isSuccess) {
    return (
      <AuthCard title="Password updated">
        <Text role="status" textAlign="center">
          {update.data.message}
        </Text>
        <BackToLogin />
      </AuthCard>
    );
  }

  const otherFailure = update.isError && !linkProblem && !formState.errors.password && !formState.errors.confirmPassword;
  return (
    <AuthCard title="Choose a new password">
      {linkProblem ? (
        <InvalidLink message={linkProblem} />
      ) : (
        <chakra.form display="flex" flexDirection="column" gap="4" noValidate onSubmit={handleSubmit((values) => update.mutate(values))}>
          <FormField label="New password" type="password" autoComplete="new-password" error={formState.errors.password?.message} {...register('password')} />
          <FormField
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            error={formState.errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
          {otherFailure && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Description>{AUTH_PAGE_MESSAGES.passwordUpdateFailed}</Alert.Description>
            </Alert.Root>
          )}
          <Button type="submit" loading={update.isPending} loadingText="Updating...">
            Update password
          </Button>
        </chakra.form>
      )}
      <BackToLogin />
    </AuthCard>
  );
}
