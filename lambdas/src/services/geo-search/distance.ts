import ngeohash from 'ngeohash';
import { EARTH_RADIUS_MILES } from '@solutionz/shared';

/** A place on the map. */
export interface Point {
  readonly lat: number;
  readonly lng: number;
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in miles (Earth radius 3959 miles, docs/architecture.md#directory-and-geo-search). */
export function milesBetween(a: Point, b: Point): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Bounds on the distance from a point to anyone in a geohash cell. The nearest point of a small
 * latitude-longitude box is the clamped point up to a fraction of a percent, which the margin covers,
 * so `min` never overestimates and `max` never underestimates.
 */
export function cellDistances(centre: Point, cell: string): { min: number; max: number } {
  const [south, west, north, east] = ngeohash.decode_bbox(cell);
  const clamped = { lat: Math.min(Math.max(centre.lat, south), north), lng: Math.min(Math.max(centre.lng, west), east) };
  const corners = [
    { lat: south, lng: west },
    { lat: south, lng: east },
    { lat: north, lng: west },
    { lat: north, lng: east },
  ];
  return {
    min: Math.max(0, milesBetween(centre, clamped) * 0.995 - 0.01),
    max: Math.max(...corners.map((corner) => milesBetween(centre, corner))) * 1.005 + 0.01,
  };
}
