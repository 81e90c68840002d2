import { Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { CREDENTIAL_LIMITS, type CredentialInput, type MeResponse, type OwnCredential } from '@solutionz/shared';
import { LoadFailed } from '@/components/errors/load-failed';
import { PageLoading } from '@/components/layout/page-loading';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toastFailure } from '@/components/ui/failure-toast';
import { StatusBadge } from '@/components/ui/status-badge';
import { toaster } from '@/components/ui/toaster';
import { CredentialFacts, credentialDay, openEvidence } from '@/entities/credentials/credential-facts';
import { formatUkDate } from '@/lib/uk-date';
import { ApiError } from '@/lib/api-client';
import { failureText, myEvidence, useCredentialOptions, useDeleteCredential, useMyCredentials, useSaveCredential, useUploadEvidence } from '../api/credentials';
import { CredentialForm, type FieldErrors } from './credential-form';

/** What the provider is told of each status; only a checked credential that has not expired is public. */
function StatusOf({ credential }: { credential: OwnCredential }) {
  switch (credential.status) {
    case 'verified':
      return <StatusBadge tone="green">Checked on {formatUkDate(credential.checkedAt!, 'dd MMM yyyy')}</StatusBadge>;
    case 'pending':
      return <StatusBadge tone="orange">{credential.evidence ? 'Waiting to be checked' : 'Add the evidence document to have it checked'}</StatusBadge>;
    case 'rejected':
      return <StatusBadge tone="gray">Not verified</StatusBadge>;
    case 'expired':
      return <StatusBadge tone="gray">Expired on {credentialDay(credential.expiresOn!)}</StatusBadge>;
  }
}

/** The server's refusals of the form, by the form's field names. */
function serverErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  const fields = Object.entries(error.fields).map(([key, message]) => [key.replace(/^body\./, ''), message] as const);
  const errors: FieldErrors = Object.fromEntries(fields.map(([key, message]) => [key === 'uploadId' ? 'file' : key, message]));
  return Object.keys(errors).length ? errors : { type: error.message };
}

/**
 * The Credentials tab (docs/product/credentials.md#adding-credentials): the provider's registrations, insurance,
 * qualifications and DBS checks with their status, a form to add or change one with its evidence document, and
 * the document itself to look at again. Visitors see only what an admin checked.
 */
export function CredentialsTab({ profile }: { profile: MeResponse }) {
  const credentials = useMyCredentials(profile.userId);
  const options = useCredentialOptions();
  const save = useSaveCredential(profile.userId);
  const upload = useUploadEvidence(profile.userId);
  const remove = useDeleteCredential(profile.userId);
  const [editing, setEditing] = useState<OwnCredential | 'new'>();
  const [progress, setProgress] = useState<number>();
  const [formError, setFormError] = useState<unknown>();
  const [removing, setRemoving] = useState<OwnCredential>();

  if (credentials.isPending || options.isPending) return <PageLoading />;
  if (credentials.isError || options.isError) return <LoadFailed message="Your credentials could not be loaded." />;

  const list = credentials.data.credentials;
  const busy = save.isPending || upload.isPending;

  async function submit(input: CredentialInput, file: File | undefined) {
    setFormError(undefined);
    try {
      const saved = await save.mutateAsync({ ...(editing && editing !== 'new' ? { credentialId: editing.id } : {}), body: input });
      if (file) {
        setProgress(0);
        await upload.mutateAsync({ credentialId: saved.id, file, onProgress: setProgress });
      }
      toaster.success({ title: 'Credential saved', description: 'An administrator checks it before it shows on your profile.' });
      setEditing(undefined);
    } catch (error) {
      setFormError(error);
      toastFailure(error, { title: 'The credential was not saved', description: failureText(error) });
    } finally {
      setProgress(undefined);
    }
  }

  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h2" size="lg">
          Credentials
        </Heading>
        <Text color="fg.muted">
          Trade registrations, insurance, qualifications and DBS checks. Each is checked by an administrator against its document; your profile shows only
          checked credentials, until they expire.
        </Text>
      </Stack>
      {editing ? (
        <Box borderWidth="1px" borderRadius="lg" p="5">
          <CredentialForm
            {...(editing !== 'new' ? { credential: editing } : {})}
            options={options.data.options}
            busy={busy}
            progress={progress}
            serverErrors={serverErrorsOf(formError)}
            onSubmit={(input, file) => void submit(input, file)}
            onCancel={() => setEditing(undefined)}
          />
        </Box>
      ) : (
        <Button alignSelf="flex-start" onClick={() => setEditing('new')} disabled={list.length >= CREDENTIAL_LIMITS.perProvider}>
          Add a credential
        </Button>
      )}
      {list.length === 0 ? (
        <Text color="fg.muted">You have not added any credentials yet.</Text>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" aria-label="Your credentials">
          {list.map((credential) => (
            <Box as="li" key={credential.id} borderWidth="1px" borderRadius="lg" p="4">
              <Stack gap="3">
                <HStack justify="space-between" align="flex-start" gap="3" flexWrap="wrap">
                  <CredentialFacts credential={credential} />
                  <StatusOf credential={credential} />
                </HStack>
                {credential.status === 'rejected' && credential.rejectReason?.note && (
                  <Text fontSize="sm" overflowWrap="anywhere">
                    Why: {credential.rejectReason.note}
                  </Text>
                )}
                <HStack gap="2" flexWrap="wrap">
                  {credential.evidence && (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => void myEvidence(credential.id).then(openEvidence, (error: unknown) => toastFailure(error, { title: failureText(error) }))}
                    >
                      View document
                    </Button>
                  )}
                  <Button size="sm" variant="outline" onClick={() => setEditing(credential)} disabled={busy}>
                    Change
                  </Button>
                  <Button size="sm" variant="ghost" colorPalette="red" onClick={() => setRemoving(credential)}>
                    Remove
                  </Button>
                </HStack>
              </Stack>
            </Box>
          ))}
        </Stack>
      )}
      {removing && (
        <ConfirmDialog
          title="Remove credential"
          confirmLabel="Remove"
          busyLabel="Removing..."
          busy={remove.isPending}
          onClose={() => setRemoving(undefined)}
          onConfirm={() =>
            remove.mutate(removing.id, {
              onSuccess: () => setRemoving(undefined),
              onError: (error) => toastFailure(error, { title: 'The credential was not removed', description: failureText(error) }),
            })
          }
        >
          {removing.title} and its document are removed. This cannot be undone.
        </ConfirmDialog>
      )}
    </Stack>
  );
}
