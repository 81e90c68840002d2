import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { credentialRoutes, type CredentialDecision, type CredentialOptionType, type CredentialType } from '@solutionz/shared';
import { apiRequest } from '@/lib/api-client';

/** Under the admin screens' key, so an admin's other actions refresh it too. */
const KEY = ['admin', 'credentials'] as const;

export function useCredentialQueue(type: CredentialType | undefined, cursor: string | undefined) {
  return useQuery({
    queryKey: [...KEY, 'queue', { type, cursor }] as const,
    queryFn: ({ signal }) => apiRequest(credentialRoutes.adminCredentialQueue, { query: { type, cursor }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminCredentialOptions() {
  return useQuery({ queryKey: [...KEY, 'options'] as const, queryFn: ({ signal }) => apiRequest(credentialRoutes.adminCredentialOptions, { signal }) });
}

function useCredentialsMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }) });
}

export function useDecideCredential() {
  return useCredentialsMutation(({ providerId, credentialId, body }: { providerId: string; credentialId: string; body: CredentialDecision }) =>
    apiRequest(credentialRoutes.decideCredential, { params: { providerId, credentialId }, body }),
  );
}

export const adminEvidence = (providerId: string, credentialId: string) =>
  apiRequest(credentialRoutes.adminCredentialEvidence, { params: { providerId, credentialId } });

export function useAddCredentialOption() {
  return useCredentialsMutation((body: { type: CredentialOptionType; name: string }) => apiRequest(credentialRoutes.createCredentialOption, { body }));
}

export function useRenameCredentialOption() {
  return useCredentialsMutation(({ optionId, name }: { optionId: string; name: string }) =>
    apiRequest(credentialRoutes.renameCredentialOption, { params: { optionId }, body: { name } }),
  );
}

export function useRemoveCredentialOption() {
  return useCredentialsMutation((optionId: string) => apiRequest(credentialRoutes.removeCredentialOption, { params: { optionId } }));
}
