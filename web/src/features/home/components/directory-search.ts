import { DEFAULT_RADIUS_MILES, type Coordinates, type RadiusMiles } from '@solutionz/shared';
import { directoryPath, nearMeState, type NearMeState } from '@/lib/directory-url';

/** Free text, or the device's position with a radius in miles (docs/product/site.md#location-picker). */
export type LocationValue =
  { readonly kind: 'text'; readonly text: string } | { readonly kind: 'nearMe'; readonly radius: RadiusMiles; readonly coords: Coordinates };

export const emptyLocation: LocationValue = { kind: 'text', text: '' };

/**
 * Where a home-page search goes: `/directory` with service and location, plus nearme and radius
 * when near me is on (docs/product/site.md#home-page), with the position in the history state so the directory
 * need not ask the device again. Null when there is nothing to search for.
 */
export function directorySearch(service: string, location: LocationValue): { path: string; state?: NearMeState } | null {
  const nearMe = location.kind === 'nearMe';
  const text = nearMe ? '' : location.text.trim();
  if (!service.trim() && !text && !nearMe) return null;
  const path = directoryPath({
    service,
    category: '',
    location: text,
    nearMe,
    radius: nearMe ? location.radius : DEFAULT_RADIUS_MILES,
    quickReplies: false,
  });
  return nearMe ? { path, state: nearMeState(location.coords) } : { path };
}
