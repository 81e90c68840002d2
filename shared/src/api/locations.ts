import { z } from 'zod';
import { LOCATION_SEARCH, PLACE_PRECISIONS } from './places';

/** A UK place (docs/product/directory.md#places; its precisions in places.ts). */
export const placeSchema = z.object({
  /** What to show: `SW1A 1AA`, `SW1A 1`, `SW1A`, `St Albans, Hertfordshire`. */
  name: z.string(),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  precision: z.enum(PLACE_PRECISIONS),
});
export type Place = z.infer<typeof placeSchema>;

export const locationSearchQuerySchema = z.object({
  q: z.string().trim().min(LOCATION_SEARCH.minChars, `Type at least ${LOCATION_SEARCH.minChars} characters`).max(LOCATION_SEARCH.maxChars),
});

/**
 * `best` is the place the text means, or null when it means none (or several equally: then the
 * suggestions name them so the person can choose); `suggestions` are up to five places to offer
 * in an autocomplete, `best` first when there is one.
 */
export const locationSearchResponseSchema = z.object({
  best: placeSchema.nullable(),
  suggestions: z.array(placeSchema).max(LOCATION_SEARCH.maxSuggestions),
});
export type LocationSearchResponse = z.infer<typeof locationSearchResponseSchema>;
