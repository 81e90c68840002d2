import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CREDENTIAL_MESSAGES, credentialRoutes, type CredentialInput } from '@solutionz/shared';
import { ApiError, apiRequest } from '@/lib/api-client';
import { PROFILE_KEY } from '@/lib/auth/profile-key';
import { uploadWithPresignedPost, type UploadOptions } from '@/lib/presigned-upload';

/** Under the session's key, so a sign-out drops them with the rest of the person's data. */
const credentialsKey = (userId: string) => [PROFILE_KEY, userId, 'credentials'] as const;

export function useMyCredentials(userId: string) {
  return useQuery({
    queryKey: credentialsKey(userId),
    queryFn: ({ signal }) => apiRequest(credentialRoutes.listMyCredentials, { signal }),
  });
}

/** The schemes, kinds and levels offered now. */
export function useCredentialOptions() {
  return useQuery({
    queryKey: ['credential-options'],
    queryFn: ({ signal }) => apiRequest(credentialRoutes.getCredentialOptions, { signal }),
    staleTime: 5 * 60_000,
  });
}

function useCredentialMutation<V, R>(userId: string, mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: credentialsKey(userId) }) });
}

/** Adds a credential, or changes one (`credentialId`). */
export function useSaveCredential(userId: string) {
  return useCredentialMutation(userId, ({ credentialId, body }: { credentialId?: string; body: CredentialInput }) =>
    credentialId ? apiRequest(credentialRoutes.updateCredential, { params: { credentialId }, body }) : apiRequest(credentialRoutes.createCredential, { body }),
  );
}

export function useDeleteCredential(userId: string) {
  return useCredentialMutation(userId, (credentialId: string) => apiRequest(credentialRoutes.deleteCredential, { params: { credentialId } }));
}

/**
 * The evidence document: a presigned upload straight to storage (with progress), then the server's check by its
 * bytes. Throws with the words to show (the server's own when it refused the file).
 */
async function uploadEvidence(credentialId: string, file: File, options: UploadOptions = {}) {
  const grant = await apiRequest(credentialRoutes.createEvidenceUpload, {
    params: { credentialId },
    body: { name: file.name.slice(0, 255) || 'evidence', type: file.type, size: file.size },
  });
  try {
    await uploadWithPresignedPost(grant, file, options);
  } catch (error) {
    throw new Error(CREDENTIAL_MESSAGES.evidenceUploadFailed, { cause: error });
  }
  return apiRequest(credentialRoutes.attachEvidence, { params: { credentialId }, body: { uploadId: grant.uploadId } });
}

export function useUploadEvidence(userId: string) {
  return useCredentialMutation(userId, ({ credentialId, file, onProgress }: { credentialId: string; file: File; onProgress: (share: number) => void }) =>
    uploadEvidence(credentialId, file, { onProgress }),
  );
}

export const myEvidence = (credentialId: string) => apiRequest(credentialRoutes.getMyEvidence, { params: { credentialId } });

/** The words for a failed request: the field's message, the server's, or a general one. */
export function failureText(error: unknown, field?: string): string {
  if (error instanceof ApiError) return (field && error.fieldMessage(field)) || error.message;
  return error instanceof Error && error.message ? error.message : CREDENTIAL_MESSAGES.evidenceUploadFailed;
}
