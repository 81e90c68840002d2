import { DIRECTORY_MESSAGES, type RouteQuery, type Routes, type SavedProvidersResponse } from '@solutionz/shared';
import type { AuthorizedCaller } from '../../auth/caller';
import { NotFoundError } from '../../errors';
import { toProviderCard } from './cards';
import type { DirectoryDeps } from './deps';
import { readWithCursor } from '../page-cursor';

type SavedProvidersQuery = RouteQuery<Routes['listSavedProviders']>;
type SavedProviderAnswer = { providerId: string; saved: boolean };

/**
 * The caller's saved professionals, newest first (docs/product/directory.md#saved-professionals). One who is no longer
 * listed (membership ended, hidden, deactivated, deleted) stays in the list with `provider: null`, so
 * the person sees them go rather than lose them silently, and can remove them.
 */
export async function listSavedProviders(
  deps: Pick<DirectoryDeps, 'saved' | 'directory' | 'clock'>,
  caller: AuthorizedCaller,
  query: SavedProvidersQuery,
): Promise<SavedProvidersResponse> {
  const page = await readWithCursor(() => deps.saved.list(caller.userId, { cursor: query.cursor, limit: query.limit }), DIRECTORY_MESSAGES.badCursor);
  const listings = page.saved.length > 0 ? await deps.directory.getListings(page.saved.map((item) => item.providerId)) : new Map();
  return {
    saved: page.saved.map((item) => {
      const listing = listings.get(item.providerId);
      return { providerId: item.providerId, savedAt: item.savedAt, provider: listing ? toProviderCard(listing, null, deps.clock()) : null };
    }),
    ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
  };
}

/** Saves a professional who is in the directory now; saving one already saved changes nothing. */
export async function saveProvider(
  deps: Pick<DirectoryDeps, 'saved' | 'directory' | 'clock'>,
  caller: AuthorizedCaller,
  providerId: string,
): Promise<SavedProviderAnswer> {
  const listings = await deps.directory.getListings([providerId]);
  if (!listings.has(providerId)) throw new NotFoundError(DIRECTORY_MESSAGES.unknownProvider);
  await deps.saved.save(caller.userId, providerId, deps.clock());
  return { providerId, saved: true };
}

/** Removes a saved professional, listed or not any more; one not saved is no error. */
export async function unsaveProvider(deps: Pick<DirectoryDeps, 'saved'>, caller: AuthorizedCaller, providerId: string): Promise<SavedProviderAnswer> {
  await deps.saved.remove(caller.userId, providerId);
  return { providerId, saved: false };
}
