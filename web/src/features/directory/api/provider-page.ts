import { RENDERED_QUERY_KEYS } from '@solutionz/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { MyProviderPage, ProviderProfile } from '@solutionz/shared';
import { ApiError, apiRequest, publicRead } from '@/lib/api-client';
import { PROFILE_KEY } from '@/lib/auth/profile-key';

/** Not listed, or no such provider: the public read answers 404 for both. */
export const isNotAvailable = (error: unknown) => error instanceof ApiError && error.status === 404;

/** The owner's page lives under the session's key, so a sign-out drops it with the rest of the person's data. */
const myProviderPageKey = (userId: string) => [PROFILE_KEY, userId, 'provider-page'] as const;
export const providerPageKey = RENDERED_QUERY_KEYS.providerPage;

/** The owner's route with its schema, loaded when the owner looks: everyone else's read needs none. */
const providerPageRoutes = async () => (await import('@/lib/lazy-routes/provider-page-routes')).providerPageRoutes;

/**
 * A provider's page: the owner reads their own through GET /api/me/provider-page, which answers
 * whatever the page's state; everyone else reads the public GET /api/providers/{id}, which answers
 * only while the provider is listed. Nothing is asked until the viewer is known (`viewer` undefined);
 * meanwhile the public page is given if the cache holds it (a page the server rendered brought it along).
 */
export function useProviderPage(providerId: string, viewer: { owner: boolean; userId?: string } | undefined) {
  const owner = viewer?.owner === true && viewer.userId !== undefined;
  const queryClient = useQueryClient();
  const page = useQuery<ProviderProfile | MyProviderPage>({
    queryKey: owner ? myProviderPageKey(viewer.userId!) : providerPageKey(providerId),
    queryFn: async ({ signal }) =>
      owner ? apiRequest((await providerPageRoutes()).getMyProviderPage, { signal }) : publicRead('getProvider', { params: { providerId }, signal }),
    enabled: viewer !== undefined && providerId !== '',
    // A page that is not available will not become so by asking again at once.
    retry: (failures, error) => !isNotAvailable(error) && failures < 1,
  });
  // A claimed business's old address answers (or was rendered by the server) with the page it moved to, and the screen
  // then follows to that address: the answer is kept for it too, so the page is rendered there at once rather than
  // blanked to a loading state and asked again. Before the screen's own effect, which moves the address.
  const movedPage = !owner && page.data && page.data.id !== providerId ? page.data : undefined;
  useEffect(() => {
    if (movedPage) queryClient.setQueryData(providerPageKey(movedPage.id), movedPage);
  }, [movedPage, queryClient]);
  return page;
}

/** Whether the page came from the owner's route, with its listing state. */
export const isOwnPage = (page: ProviderProfile | MyProviderPage): page is MyProviderPage => 'listed' in page;
