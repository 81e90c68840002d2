import type { LocationSearchResponse, Place } from '@solutionz/shared';
import type { Geocoder } from '../geo/geocoder';

const YORK: Place = { name: 'York, North Yorkshire', lat: 53.959, lng: -1.0815, precision: 'town' };
const SW1A: Place = { name: 'SW1A 1', lat: 51.5014, lng: -0.1419, precision: 'sector' };
const NEWPORTS: Place[] = [
  { name: 'Newport, Gwent', lat: 51.5842, lng: -2.9977, precision: 'town' },
  { name: 'Newport, Isle of Wight', lat: 50.701, lng: -1.2883, precision: 'town' },
];

/**
 * A tiny stand-in for the UK geocoder, for services that only store what it finds: York and the
 * postcode SW1A 1AA are found, "Newport" means two towns, anything else nowhere.
 */
export function fakeGeocoder(): Geocoder {
  return {
    async search(text): Promise<LocationSearchResponse> {
      const key = text.trim().toLowerCase();
      if (key === 'york') return { best: YORK, suggestions: [YORK] };
      if (key === 'sw1a 1aa') return { best: SW1A, suggestions: [SW1A] };
      if (key === 'newport') return { best: null, suggestions: NEWPORTS };
      return { best: null, suggestions: [] };
    },
  };
}
