import type { RadiusMiles } from '@solutionz/shared';
import type { Coordinates } from './use-geolocation';

/** Free text, or the device's position with a radius in miles (spec 01 section 2.4). */
export type LocationValue =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'nearMe'; readonly radius: RadiusMiles; readonly coords: Coordinates };

export const emptyLocation: LocationValue = { kind: 'text', text: '' };

/**
 * Where a home-page search goes: `/directory` with service and location, plus nearme and radius
 * when near me is on (spec 01 section 2.3). Null when there is nothing to search for.
 */
export function directorySearchPath(service: string, location: LocationValue): string | null {
  const params = new URLSearchParams();
  const wanted = service.trim();
  if (wanted) params.set('service', wanted);
  if (location.kind === 'text') {
    const place = location.text.trim();
    if (place) params.set('location', place);
  } else {
    params.set('nearme', 'true');
    params.set('radius', String(location.radius));
  }
  return params.size === 0 ? null : `/directory?${params.toString()}`;
}
