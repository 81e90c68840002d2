import type { LocationSearchResponse, Place } from '@solutionz/shared';

/**
 * UK places behind one interface (docs/architecture.md#places): the offline tables here and in tests, Amazon
 * Location Service could stand behind it in the cloud. Services take a Geocoder as a dependency.
 */
export interface Geocoder {
  /** What an autocomplete offers for the typed text: the best match (or null) and up to five suggestions. */
  search(text: string): Promise<LocationSearchResponse>;
}

/** A place as stored with a profile or a job: the place plus its geohash (precision 9) for the search index. */
export interface GeocodedPlace extends Place {
  readonly geohash: string;
}
