import { Button, Link, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { ADMIN_MESSAGES, ADMIN_SETUP_PAGE_MESSAGES, ADMIN_SETUP_TOKEN_HEADER, adminSetupRequestSchema, adminSetupRoutes } from '@solutionz/shared';
import { AuthCard } from '@/components/forms/auth-card';
import { FormErrorAlert } from '@/components/forms/form-error-alert';
import { FormField } from '@/components/forms/form-field';
import { StackedForm } from '@/components/forms/stacked-form';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { ApiError, apiRequest } from '@/lib/api-client';

type AdminSetupInput = z.input<typeof adminSetupRequestSchema>;
type AdminSetup = z.output<typeof adminSetupRequestSchema>;

/** What a failed admin setup says (docs/product/accounts.md#first-admin-setup). */
function failureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return ADMIN_SETUP_PAGE_MESSAGES.networkFailure;
  if (error.status === 409) return ADMIN_MESSAGES.alreadyExists;
  if (error.status === 401 || error.status === 403) return ADMIN_MESSAGES.setupTokenInvalid;
  return error.message || ADMIN_MESSAGES.setupFailed;
}

/** /admin-signup (docs/product/accounts.md#first-admin-setup): creates the first admin, once; the setup token is needed only where the site owner set one. */
export function AdminSignupPage() {
  const navigate = useNavigate();
  const [setupToken, setSetupToken] = useState('');
  const { register, handleSubmit, formState } = useForm<AdminSetupInput, unknown, AdminSetup>({
    resolver: zodResolver(adminSetupRequestSchema),
    defaultValues: { username: '', password: '', confirmPassword: '' },
  });
  const errors = formState.errors;

  const setup = useMutation({
    mutationFn: (values: AdminSetup) =>
      apiRequest(adminSetupRoutes.adminSetup, {
        body: values,
        headers: setupToken.trim() ? { [ADMIN_SETUP_TOKEN_HEADER]: setupToken.trim() } : undefined,
      }),
    onSuccess: () => {
      toaster.create({ type: 'success', ...ADMIN_SETUP_PAGE_MESSAGES.created });
      void navigate(paths.adminLogin);
    },
  });

  return (
    <AuthCard title="Admin Setup" description="Create the first administrator account. This can be done only once." maxW="md">
      <StackedForm onSubmit={handleSubmit((values) => setup.mutate(values))}>
        <FormField label="Username" autoComplete="username" error={errors.username?.message} {...register('username')} />
        <FormField label="Password" type="password" autoComplete="new-password" error={errors.password?.message} {...register('password')} />
        <FormField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <FormField
          label="Setup token (optional)"
          autoComplete="off"
          helperText="Only needed if the site owner gave you one."
          value={setupToken}
          onChange={(event) => setSetupToken(event.currentTarget.value)}
        />
        <FormErrorAlert message={setup.isError ? failureMessage(setup.error) : undefined} />
        <Button type="submit" loading={setup.isPending} loadingText="Creating admin...">
          Create admin account
        </Button>
      </StackedForm>
      <Text fontSize="sm" textAlign="center">
        Already set up?{' '}
        <Link asChild color="brand.fg" fontWeight="medium">
          <RouterLink to={paths.adminLogin}>Go to admin login</RouterLink>
        </Link>
      </Text>
    </AuthCard>
  );
}
