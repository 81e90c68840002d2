import { Alert } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { accountDeletionRequestSchema, MESSAGES, SECURITY_MESSAGES } from '@solutionz/shared';
import { FormErrorAlert } from '@/components/forms/form-error-alert';
import { FormField } from '@/components/forms/form-field';
import { applyServerFieldErrors } from '@/components/forms/server-errors';
import { StackedForm } from '@/components/forms/stacked-form';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ApiError } from '@/lib/api-client';
import { useDeleteAccount } from '../../api/security';
import { useLeaveAccount } from './use-leave-account';

/** Delete account: the warning, the password, then the account and its data are erased and this browser signed out. */
export default function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const remove = useDeleteAccount();
  const leave = useLeaveAccount();
  const { register, handleSubmit, setError, formState } = useForm<{ password: string }>({
    resolver: zodResolver(accountDeletionRequestSchema),
    defaultValues: { password: '' },
  });
  const submit = handleSubmit(({ password }) =>
    remove.mutate(password, {
      onSuccess: () => leave(SECURITY_MESSAGES.accountDeleted),
      onError: (error) => {
        if (!(error instanceof ApiError && applyServerFieldErrors(error, setError, ['password']))) {
          setError('root', { message: error instanceof ApiError ? error.message : MESSAGES.api.internal });
        }
      },
    }),
  );
  return (
    <ConfirmDialog
      title="Delete your account?"
      onClose={onClose}
      busy={remove.isPending}
      confirmLabel="Delete my account"
      busyLabel="Deleting..."
      form="delete-account-form"
    >
      <StackedForm id="delete-account-form" onSubmit={() => void submit()}>
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Description>{SECURITY_MESSAGES.deleteConfirm}</Alert.Description>
        </Alert.Root>
        <FormField label="Password" type="password" autoComplete="current-password" error={formState.errors.password?.message} {...register('password')} />
        <FormErrorAlert message={formState.errors.root?.message} />
      </StackedForm>
    </ConfirmDialog>
  );
}
