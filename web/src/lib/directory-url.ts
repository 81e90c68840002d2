import { DEFAULT_RADIUS_MILES, type Coordinates, type DirectoryFilters } from '@solutionz/shared';
import { paths } from '@/config/paths';

/**
 * A directory search as its address holds it (shared search-pages.ts `readDirectoryFilters`), so a search can be
 * shared and Back restores it. The home page search writes it and the directory reads and writes it: one format for
 * both.
 *
 * Near me puts no coordinates in the address: a shared link should mean the reader's own position, and
 * where someone stands should not travel in links, browser history or server logs. The position rides
 * in the history entry's state instead (`nearMeState`), which Back, Forward and reload keep; an address
 * opened without it makes the directory ask the device again.
 */
export const noDirectoryFilters: DirectoryFilters = {
  service: '',
  category: '',
  location: '',
  nearMe: false,
  radius: DEFAULT_RADIUS_MILES,
  quickReplies: false,
  insured: false,
};

/** The directory's address for these filters; a radius left at the default is written only with near me (docs/product/site.md#home-page). */
export function directoryPath(filters: DirectoryFilters): string {
  const params = new URLSearchParams();
  const service = filters.service.trim();
  const category = filters.category.trim();
  const location = filters.location.trim();
  if (service) params.set('service', service);
  if (category) params.set('category', category);
  if (filters.nearMe) params.set('nearme', 'true');
  else if (location) params.set('location', location);
  if (filters.nearMe || filters.radius !== DEFAULT_RADIUS_MILES) params.set('radius', String(filters.radius));
  if (filters.quickReplies) params.set('replies', 'day');
  if (filters.insured) params.set('insured', 'yes');
  return params.size === 0 ? paths.directory : `${paths.directory}?${params.toString()}`;
}

/** The history state that carries a near-me position along with a directory address. */
export interface NearMeState {
  readonly nearMe: Coordinates;
}

export function nearMeState(coords: Coordinates): NearMeState {
  return { nearMe: { latitude: coords.latitude, longitude: coords.longitude } };
}

/** The position a history entry carries, if it carries a usable one. */
export function nearMePosition(state: unknown): Coordinates | undefined {
  if (typeof state !== 'object' || state === null || !('nearMe' in state)) return undefined;
  const { nearMe } = state as { nearMe: unknown };
  if (typeof nearMe !== 'object' || nearMe === null) return undefined;
  const { latitude, longitude } = nearMe as Record<string, unknown>;
  if (typeof latitude !== 'number' || typeof longitude !== 'number' || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return undefined;
  return { latitude, longitude };
}
