import { z } from 'zod';
import { DEFAULT_RADIUS_MILES, RADIUS_OPTIONS_MILES } from '../constants';
import { placeSchema } from './locations';
import { responseTimeSchema } from '../response-time-schema';
import { DIRECTORY_MESSAGES, DIRECTORY_PAGE_SIZE } from './directory-constants';

/** The directory's schemas (docs/product/directory.md); its limits and wording are in directory-constants.ts. */

const radius = z
  .enum(RADIUS_OPTIONS_MILES.map(String) as [string, ...string[]], `Choose a radius of ${RADIUS_OPTIONS_MILES.join(', ')} miles`)
  .optional()
  .transform((value) => (value === undefined ? DEFAULT_RADIUS_MILES : Number(value)));

export const providerSearchQuerySchema = z
  .object({
    /** Free text: a trade ("plumber", "sparky"), a business name or a skill. */
    service: z.string().trim().max(100).optional(),
    /** A group or subcategory slug from the taxonomy. */
    category: z.string().trim().max(100).optional(),
    /** A UK postcode, sector, outward code or town. */
    location: z.string().trim().max(100).optional(),
    /** Near me: the device's position. */
    lat: z.coerce.number().min(-90).max(90).optional(),
    lng: z.coerce.number().min(-180).max(180).optional(),
    radius,
    /** `day`: only providers who usually reply within a day (their measured response time). */
    replies: z.enum(['day']).optional(),
    /** `yes`: only providers with insurance an admin checked that holds today. */
    insured: z.enum(['yes']).optional(),
    cursor: z.string().max(1000).optional(),
    limit: z.coerce.number().int().min(1).max(DIRECTORY_PAGE_SIZE.max).default(DIRECTORY_PAGE_SIZE.default),
  })
  .superRefine((query, context) => {
    if ((query.lat === undefined) !== (query.lng === undefined)) {
      context.addIssue({ code: 'custom', path: [query.lat === undefined ? 'lat' : 'lng'], message: DIRECTORY_MESSAGES.latLngTogether });
    }
    if (query.location && query.lat !== undefined) {
      context.addIssue({ code: 'custom', path: ['location'], message: DIRECTORY_MESSAGES.placeAndCoordinates });
    }
  });
export type ProviderSearchQuery = z.input<typeof providerSearchQuerySchema>;

const providerCardSchema = z.object({
  id: z.string(),
  businessName: z.string().nullable(),
  /** First and last name. */
  name: z.string(),
  avatarUrl: z.string().nullable(),
  /** Category selections as stored (`Group`, `Group > Sub`, `Other: text`). */
  categories: z.array(z.string()),
  rating: z.object({ average: z.number().min(1).max(5).nullable(), count: z.number().int().min(0) }),
  /** The bio cut at BIO_PREVIEW_LENGTH characters (with an ellipsis when cut). */
  bioPreview: z.string().nullable(),
  locationName: z.string().nullable(),
  /** Miles from the searched place, one decimal; null without a place or without coordinates. */
  distanceMiles: z.number().nullable(),
  /** How fast they reply to clients, measured from messages; null: "New on Solutionz". */
  responseTime: responseTimeSchema,
  /** Marks of credentials an admin checked that hold today (docs/product/credentials.md#in-the-directory). */
  checked: z.object({ insurance: z.boolean(), registration: z.boolean() }).optional(),
});
export type ProviderCard = z.infer<typeof providerCardSchema>;

export const providerSearchResponseSchema = z.object({
  providers: z.array(providerCardSchema),
  /** Where the next page starts; absent on the last page. */
  nextCursor: z.string().optional(),
  /** Nothing matched the filters: these are all listed providers instead (docs/product/directory.md#searching). */
  fallback: z.boolean().optional(),
  /** The place searched from, as the server resolved it. */
  place: placeSchema.optional(),
});
export type ProviderSearchResponse = z.infer<typeof providerSearchResponseSchema>;

export const providerIdParamsSchema = z.object({ providerId: z.string().trim().min(1).max(100) });
export const savedProviderResponseSchema = z.object({ providerId: z.string(), saved: z.boolean() });

export const savedProvidersQuerySchema = z.object({
  cursor: z.string().max(1000).optional(),
  limit: z.coerce.number().int().min(1).max(DIRECTORY_PAGE_SIZE.max).default(DIRECTORY_PAGE_SIZE.default),
});
const savedProviderSchema = z.object({
  providerId: z.string(),
  savedAt: z.iso.datetime(),
  /** The card while the provider is listed; null once they are not (no membership, hidden, deleted). */
  provider: providerCardSchema.nullable(),
});
export const savedProvidersResponseSchema = z.object({ saved: z.array(savedProviderSchema), nextCursor: z.string().optional() });
export type SavedProvidersResponse = z.infer<typeof savedProvidersResponseSchema>;

/**
 * Everyday words for trades: the service text matches these as it matches the taxonomy's
 * names. Keys are lower-case words; values are subcategory slugs.
 */
const SERVICE_SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  sparky: ['electrician'],
  sparkie: ['electrician'],
  electrics: ['electrician'],
  chippy: ['carpenter'],
  chippie: ['carpenter'],
  joiner: ['carpenter'],
  brickie: ['builder'],
  bricklayer: ['builder'],
  plumbing: ['plumber'],
  heating: ['plumber'],
  boiler: ['plumber'],
  gas: ['plumber'],
  roofing: ['roofer'],
  plastering: ['plasterer'],
  tiling: ['tiler'],
  decorator: ['painter-and-decorator'],
  painter: ['painter-and-decorator'],
  cleaner: ['domestic-cleaning', 'end-of-tenancy-cleaning'],
  cleaning: ['domestic-cleaning', 'end-of-tenancy-cleaning', 'carpet-cleaning', 'window-cleaning'],
  removal: ['removals'],
  'man and van': ['removals'],
  van: ['removals'],
  garage: ['mechanic', 'mot-and-servicing'],
  mot: ['mot-and-servicing'],
  tutor: ['tutoring'],
  teacher: ['tutoring', 'language-lessons', 'music-lessons'],
  pt: ['personal-training'],
  trainer: ['personal-training', 'dog-training'],
  physio: ['physiotherapy'],
  hairdressing: ['hairdresser'],
  hair: ['hairdresser', 'barber'],
  nails: ['nail-technician'],
  accountant: ['accountancy'],
  lawyer: ['solicitor'],
  photographer: ['photography'],
  videographer: ['videography'],
  gardening: ['gardener', 'lawn-care'],
  'tree surgeon': ['tree-surgery'],
  landscaper: ['landscaping'],
  'dog walker': ['dog-walking'],
  groomer: ['dog-grooming'],
  website: ['web-development'],
  developer: ['web-development', 'software-development'],
};

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * The taxonomy slugs a service text names: a subcategory or group by its name, or the start
 * of it ("plumb"), a plural ("plumbers"), or an everyday word of SERVICE_SYNONYMS ("sparky"). Empty
 * when the text names no category (then it is matched against business names and skills instead).
 */
export function serviceCategorySlugs(
  text: string,
  taxonomy: readonly { slug: string; name: string; subcategories: readonly { slug: string; name: string }[] }[],
): string[] {
  const query = words(text);
  if (query.length < 3) return [];
  const singular = query.replace(/(?<=[a-z]{3})(es|s)$/, '');
  const slugs = new Set<string>(SERVICE_SYNONYMS[query] ?? SERVICE_SYNONYMS[singular] ?? []);
  const names = (name: string) => words(name);
  for (const group of taxonomy) {
    for (const sub of group.subcategories) {
      const name = names(sub.name);
      if (name === query || name === singular || name.startsWith(query) || (singular.length >= 4 && name.startsWith(singular))) slugs.add(sub.slug);
    }
    const groupName = names(group.name);
    if (groupName === query || (query.length >= 4 && groupName.split(' ').some((word) => word.startsWith(query)))) slugs.add(group.slug);
  }
  return [...slugs];
}
