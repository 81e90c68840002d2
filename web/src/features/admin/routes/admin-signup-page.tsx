import { Alert, Button, chakra, Container, Field, Heading, Input, Link, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { ADMIN_MESSAGES, ADMIN_SETUP_PAGE_MESSAGES, ADMIN_SETUP_TOKEN_HEADER, PRODUCT_NAME, adminSetupRequestSchema } from '@solutionz/shared';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { ApiError, apiRequest } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';

type AdminSetupInput = z.input<typeof adminSetupRequestSchema>;
type AdminSetup = z.output<typeof adminSetupRequestSchema>;

/** The outcomes of spec 02's error catalogue for admin setup. */
function failureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return ADMIN_SETUP_PAGE_MESSAGES.networkFailure;
  if (error.status === 409) return ADMIN_MESSAGES.alreadyExists;
  if (error.status === 401 || error.status === 403) return ADMIN_MESSAGES.setupTokenInvalid;
  return error.message || ADMIN_MESSAGES.setupFailed;
}

/** /admin-signup (spec 02): creates the first admin, once; the setup token is needed only where the site owner set one. */
export function AdminSignupPage() {
  useDocumentTitle(`Admin Setup | ${PRODUCT_NAME}`);
  const navigate = useNavigate();
  const [setupToken, setSetupToken] = useState('');
  const { register, handleSubmit, formState } = useForm<AdminSetupInput, unknown, AdminSetup>({
    resolver: zodResolver(adminSetupRequestSchema),
    defaultValues: { username: '', password: '', confirmPassword: '' },
  });
  const errors = formState.errors;

  const setup = useMutation({
    mutationFn: (values: AdminSetup) =>
      apiRequest('adminSetup', {
        body: values,
        headers: setupToken.trim() ? { [ADMIN_SETUP_TOKEN_HEADER]: setupToken.trim() } : undefined,
      }),
    onSuccess: () => {
      toaster.create({ type: 'success', ...ADMIN_SETUP_PAGE_MESSAGES.created });
      void navigate(paths.adminLogin);
    },
  });

  const field = (label: string, error: string | undefined, input: React.ReactNode, helper?: string) => (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      {input}
      {helper && !error && <Field.HelperText>{helper}</Field.HelperText>}
      <Field.ErrorText color="red.700">{error}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <Container maxW="md" py={{ base: '8', md: '14' }} px={{ base: '4', md: '6' }}>
      <Stack gap="6" borderWidth="1px" borderRadius="xl" bg="bg.panel" boxShadow="sm" p={{ base: '5', md: '8' }}>
        <Stack gap="2" textAlign="center">
          <Heading as="h1" size="2xl">
            Admin Setup
          </Heading>
          <Text color="fg.muted">Create the first administrator account. This can be done only once.</Text>
        </Stack>
        <chakra.form display="flex" flexDirection="column" gap="4" noValidate onSubmit={handleSubmit((values) => setup.mutate(values))}>
          {field('Username', errors.username?.message, <Input autoComplete="username" {...register('username')} />)}
          {field('Password', errors.password?.message, <Input type="password" autoComplete="new-password" {...register('password')} />)}
          {field('Confirm password', errors.confirmPassword?.message, <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />)}
          {field(
            'Setup token (optional)',
            undefined,
            <Input autoComplete="off" value={setupToken} onChange={(event) => setSetupToken(event.currentTarget.value)} />,
            'Only needed if the site owner gave you one.',
          )}
          {setup.isError && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Description>{failureMessage(setup.error)}</Alert.Description>
            </Alert.Root>
          )}
          <Button type="submit" loading={setup.isPending} loadingText="Creating admin...">
            Create admin account
          </Button>
        </chakra.form>
        <Text fontSize="sm" textAlign="center">
          Already set up?{' '}
          <Link asChild color="brand.fg" fontWeight="medium">
            <RouterLink to={paths.adminLogin}>Go to admin login</RouterLink>
          </Link>
        </Text>
      </Stack>
    </Container>
  );
}
