import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { DIRECTORY_PAGE_SIZE, type SavedProvidersResponse } from '@solutionz/shared';
import { apiRequest } from '@/lib/api-client';
import { PROFILE_KEY } from '@/lib/auth/profile-key';

/**
 * Saved professionals in the query cache (docs/product/directory.md#saved-professionals): the ids every save button on a page
 * reads, and the bookmarks list. Both live under the profile's key, so a sign-out drops them with it,
 * and one toggle updates both at once, so every button and list on the page agrees.
 */
/** The saved-professionals routes with their schemas, loaded with the first signed-in call: the pages with save buttons read without them. */
const directoryRoutes = async () => (await import('@/lib/lazy-routes/directory-routes')).directoryRoutes;

const savedKey = (userId: string) => [PROFILE_KEY, userId, 'saved-providers'] as const;
const idsKey = (userId: string) => [...savedKey(userId), 'ids'] as const;
const listKey = (userId: string) => [...savedKey(userId), 'list'] as const;
const toggleKey = (userId: string) => [...savedKey(userId), 'toggle'] as const;

type SavedList = InfiniteData<SavedProvidersResponse, string | undefined>;

/** Every id the person saved: all pages, at the largest page size (a person saves a handful, so this is one request). */
async function allSavedIds(signal: AbortSignal): Promise<string[]> {
  const { listSavedProviders } = await directoryRoutes();
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await apiRequest(listSavedProviders, { query: { limit: DIRECTORY_PAGE_SIZE.max, ...(cursor ? { cursor } : {}) }, signal });
    ids.push(...page.saved.map((item) => item.providerId));
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}

const toSet = (ids: string[]) => new Set(ids);

/** Which providers the signed-in person has saved; no query without a user. */
export function useSavedProviderIds(userId: string | undefined) {
  return useQuery({
    queryKey: idsKey(userId ?? ''),
    queryFn: ({ signal }) => allSavedIds(signal),
    enabled: Boolean(userId),
    select: toSet,
  });
}

/** The bookmarks list: newest first, a page at a time (`fetchNextPage` follows the cursor). */
export function useSavedProvidersList(userId: string) {
  return useInfiniteQuery({
    queryKey: listKey(userId),
    queryFn: async ({ pageParam, signal }) =>
      apiRequest((await directoryRoutes()).listSavedProviders, {
        query: { limit: DIRECTORY_PAGE_SIZE.default, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export interface SavedToggle {
  readonly providerId: string;
  /** True to save, false to remove. */
  readonly save: boolean;
}

/** Where a removed item sat in the bookmarks list, to put it back if the removal fails. */
interface Removed {
  readonly page: number;
  readonly index: number;
  readonly item: SavedProvidersResponse['saved'][number];
}

function removeFromList(list: SavedList | undefined, providerId: string): { list: SavedList | undefined; removed?: Removed } {
  if (!list) return { list };
  for (const [page, { saved }] of list.pages.entries()) {
    const index = saved.findIndex((item) => item.providerId === providerId);
    if (index < 0) continue;
    const pages = list.pages.map((each, at) => (at === page ? { ...each, saved: each.saved.filter((_, i) => i !== index) } : each));
    return { list: { ...list, pages }, removed: { page, index, item: saved[index]! } };
  }
  return { list };
}

function restoreToList(list: SavedList | undefined, removed: Removed): SavedList | undefined {
  if (!list?.pages[removed.page] || list.pages.some((page) => page.saved.some((item) => item.providerId === removed.item.providerId))) return list;
  const pages = list.pages.map((page, at) =>
    at === removed.page ? { ...page, saved: [...page.saved.slice(0, removed.index), removed.item, ...page.saved.slice(removed.index)] } : page,
  );
  return { ...list, pages };
}

/**
 * Saves or removes one professional. The change shows at once (optimistic) in every button and in the
 * bookmarks list; a refusal undoes exactly that change (other toggles made meanwhile stay), and once the
 * last toggle has settled the lists are read again from the API.
 */
export function useToggleSavedProvider(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: toggleKey(userId),
    mutationFn: async ({ providerId, save }: SavedToggle) => {
      const routes = await directoryRoutes();
      return save ? apiRequest(routes.saveProvider, { params: { providerId } }) : apiRequest(routes.unsaveProvider, { params: { providerId } });
    },
    async onMutate({ providerId, save }) {
      await queryClient.cancelQueries({ queryKey: savedKey(userId) });
      queryClient.setQueryData<string[]>(idsKey(userId), (ids) =>
        save ? [providerId, ...(ids ?? []).filter((id) => id !== providerId)] : ids?.filter((id) => id !== providerId),
      );
      if (save) return {};
      const { list, removed } = removeFromList(queryClient.getQueryData<SavedList>(listKey(userId)), providerId);
      if (removed) queryClient.setQueryData(listKey(userId), list);
      return { removed };
    },
    onError(_error, { providerId, save }, context) {
      queryClient.setQueryData<string[]>(idsKey(userId), (ids) =>
        save ? ids?.filter((id) => id !== providerId) : [providerId, ...(ids ?? []).filter((id) => id !== providerId)],
      );
      const removed = context?.removed;
      if (removed) queryClient.setQueryData<SavedList>(listKey(userId), (list) => restoreToList(list, removed));
    },
    async onSettled() {
      if (queryClient.isMutating({ mutationKey: toggleKey(userId) }) > 1) return;
      await queryClient.invalidateQueries({ queryKey: savedKey(userId) });
    },
  });
}
