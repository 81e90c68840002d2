import ngeohash from 'ngeohash';
import { LOCATION_MESSAGES, type Place } from '@solutionz/shared';
import { PlaceNotFoundError } from '../errors';
import type { GeocodedPlace, Geocoder } from './geocoder';
import { sharedTownName } from './town-index';

/** Geohash length stored with a place: about 5 m, fine enough for any cell size the directory index picks. */
const STORED_GEOHASH_PRECISION = 9;

export function withGeohash(place: Place): GeocodedPlace {
  return { ...place, geohash: ngeohash.encode(place.lat, place.lng, STORED_GEOHASH_PRECISION) };
}

/**
 * The place a person's typed location means, for saving with a profile or a job. Text that names no
 * UK place, or several equally (the message then says so), is a field error (`field`, e.g.
 * `body.location`) that carries the suggestions to choose from; nothing is saved.
 */
export async function resolvePlace(geocoder: Geocoder, text: string, field: string): Promise<GeocodedPlace> {
  const { best, suggestions } = await geocoder.search(text);
  if (best) return withGeohash(best);
  const sharedName = sharedTownName(text, suggestions);
  const message = sharedName ? LOCATION_MESSAGES.ambiguous(sharedName) : LOCATION_MESSAGES.notFound;
  throw new PlaceNotFoundError(field, message, suggestions);
}
