import { portfolioRoutes } from '@solutionz/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PortfolioItem, PortfolioItemSave, PortfolioResponse } from '@solutionz/shared';
import { apiRequest } from '@/lib/api-client';
import { PROFILE_KEY } from '@/lib/auth/profile-key';

/**
 * A provider's portfolio in the query cache (docs/product/provider-profile.md#portfolio). The owner reads their own
 * through GET /api/me/portfolio, which answers whatever their membership; everyone else reads the
 * public route, which answers only while the provider is listed. The owner's copy lives under the
 * session's key, so a sign-out drops it with the rest of the person's data.
 */
const myPortfolioKey = (userId: string) => [PROFILE_KEY, userId, 'portfolio'] as const;
const publicPortfolioKey = (providerId: string) => ['portfolio', providerId] as const;

export function usePortfolio(providerId: string, owner: boolean) {
  return useQuery({
    queryKey: owner ? myPortfolioKey(providerId) : publicPortfolioKey(providerId),
    queryFn: ({ signal }) =>
      owner ? apiRequest(portfolioRoutes.listMyPortfolio, { signal }) : apiRequest(portfolioRoutes.getProviderPortfolio, { params: { providerId }, signal }),
    enabled: providerId !== '',
  });
}

/** After the owner changes something: their own copy is `items`, and the public one is read again when next shown. */
function useSettle(userId: string) {
  const client = useQueryClient();
  return (items: PortfolioItem[]) => {
    client.setQueryData<PortfolioResponse>(myPortfolioKey(userId), { items });
    void client.invalidateQueries({ queryKey: publicPortfolioKey(userId) });
  };
}

function replaced(items: readonly PortfolioItem[], saved: PortfolioItem): PortfolioItem[] {
  return items.some((item) => item.id === saved.id) ? items.map((item) => (item.id === saved.id ? saved : item)) : [...items, saved];
}

export interface PortfolioSave {
  /** Absent: a new item, added at the end. */
  readonly itemId?: string;
  readonly body: PortfolioItemSave;
}

export function useSavePortfolioItem(userId: string) {
  const client = useQueryClient();
  const settle = useSettle(userId);
  return useMutation({
    mutationFn: ({ itemId, body }: PortfolioSave) =>
      itemId ? apiRequest(portfolioRoutes.updatePortfolioItem, { params: { itemId }, body }) : apiRequest(portfolioRoutes.createPortfolioItem, { body }),
    onSuccess: (saved) => settle(replaced(client.getQueryData<PortfolioResponse>(myPortfolioKey(userId))?.items ?? [], saved)),
  });
}

export function useDeletePortfolioItem(userId: string) {
  const client = useQueryClient();
  const settle = useSettle(userId);
  return useMutation({
    mutationFn: (itemId: string) => apiRequest(portfolioRoutes.deletePortfolioItem, { params: { itemId } }),
    onSuccess: ({ itemId }) => settle((client.getQueryData<PortfolioResponse>(myPortfolioKey(userId))?.items ?? []).filter((item) => item.id !== itemId)),
  });
}

/** The new order shows at once; a refusal puts the last order the server confirmed back. */
export function useReorderPortfolio(userId: string) {
  const client = useQueryClient();
  const settle = useSettle(userId);
  const key = myPortfolioKey(userId);
  const mutationKey = [...key, 'order'];
  return useMutation({
    mutationKey,
    mutationFn: (items: PortfolioItem[]) => apiRequest(portfolioRoutes.reorderPortfolio, { body: { itemIds: items.map((item) => item.id) } }),
    onMutate: async (items) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<PortfolioResponse>(key);
      client.setQueryData<PortfolioResponse>(key, { items });
      return { before };
    },
    // With several moves on their way, only the last answer is the order the person made.
    onSuccess: ({ items }) => {
      if (client.isMutating({ mutationKey }) <= 1) settle(items);
    },
    onError: (_error, _items, context) => {
      if (context?.before) client.setQueryData(key, context.before);
      void client.invalidateQueries({ queryKey: key });
    },
  });
}
