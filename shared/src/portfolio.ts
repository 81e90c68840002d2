import { z } from 'zod';
import { MEDIA } from './constants';
import { MESSAGES } from './messages';
import { capped } from './profile-limits';

/**
 * A provider's portfolio (docs/product/provider-profile.md#portfolio): items with a
 * title, a description and a list of images and videos. Files go straight from the browser to the
 * portfolio bucket with presigned POSTs; saving an item hands the API the upload ids, and the API
 * checks every file before it links it. The browser and the API validate with these same schemas.
 */

/** What the upload field accepts and what each type becomes (JPEG, PNG, WEBP, MP4: docs/product/provider-profile.md#portfolio). */
export const PORTFOLIO_MEDIA_TYPES = {
  'image/jpeg': 'image',
  'image/png': 'image',
  'image/webp': 'image',
  'video/mp4': 'video',
} as const;
export type PortfolioContentType = keyof typeof PORTFOLIO_MEDIA_TYPES;
export type PortfolioMediaType = (typeof PORTFOLIO_MEDIA_TYPES)[PortfolioContentType];
const PORTFOLIO_CONTENT_TYPES = Object.keys(PORTFOLIO_MEDIA_TYPES) as PortfolioContentType[];

export const PORTFOLIO_LIMITS = {
  maxFileBytes: MEDIA.maxBytes,
  maxMediaPerItem: 10,
  maxItemsPerProvider: 50,
  /** A video's poster is one more file, so one request may ask for every file of a full item and its posters. */
  maxFilesPerUploadRequest: 20,
  titleMaxChars: 100,
  descriptionMaxChars: 1000,
  filenameMaxChars: 255,
} as const;

/** For `<input type="file" accept=...>`. */
export const PORTFOLIO_ACCEPT = PORTFOLIO_CONTENT_TYPES.join(',');

export const PORTFOLIO_MESSAGES = {
  mediaRequired: { title: 'Media required', description: 'Please upload at least one media file' },
  tooLarge: { title: 'File too large', description: (file: string) => `${file} is larger than 10MB` },
  wrongType: { title: 'Invalid file type', description: (file: string) => `${file} is not a supported media file` },
  uploadFailed: { title: 'Upload failed', description: (file: string) => `Failed to upload ${file}`, several: 'Failed to upload media files' },
  deleteFailed: { title: 'Delete failed', description: 'Failed to delete media file' },
  loadFailed: 'The portfolio could not be loaded. Please try again.',
  authenticationRequired: { title: MESSAGES.api.unauthorized, description: 'You must be logged in to upload files' },
  /** An unsubscribed provider is sent to /membership with a destructive toast (docs/product/provider-profile.md#portfolio). */
  subscriptionRequired: { title: MESSAGES.api.subscriptionRequired, description: 'An active membership lets you show your services and portfolio to clients.' },
  providersOnly: 'Only service providers have a portfolio.',
  titleRequired: 'Title is required',
  tooLong: (max: number) => `Must be at most ${max} characters`,
  tooManyMedia: `An item can have at most ${PORTFOLIO_LIMITS.maxMediaPerItem} media files`,
  tooManyItems: `A portfolio can have at most ${PORTFOLIO_LIMITS.maxItemsPerProvider} items`,
  tooManyFiles: `Upload at most ${PORTFOLIO_LIMITS.maxFilesPerUploadRequest} files at once`,
  /** A media id that is not one of this item's own files. */
  unknownMedia: 'That media file is no longer part of this item. Please reload and try again.',
  itemNotFound: 'Portfolio item not found',
  /** The reorder did not name exactly the items there are (another tab added or deleted one). */
  orderOutdated: 'Your portfolio has changed. Please reload and try again.',
  posterNotForImage: 'Only a video has a poster',
  saved: 'Portfolio item saved',
  deleted: 'Portfolio item deleted',
} as const;

/** The first problem with a chosen file before it is uploaded (the product's messages, naming the file), if any. */
export function portfolioFileProblem(file: { name: string; type: string; size: number }): string | undefined {
  if (!(file.type in PORTFOLIO_MEDIA_TYPES)) return PORTFOLIO_MESSAGES.wrongType.description(file.name);
  if (file.size > PORTFOLIO_LIMITS.maxFileBytes) return PORTFOLIO_MESSAGES.tooLarge.description(file.name);
  return undefined;
}

// ── Uploads: POST /api/me/portfolio/uploads ──────────────────────────────────────────────────────

const filenameSchema = z.string().trim().min(1).max(PORTFOLIO_LIMITS.filenameMaxChars);

const portfolioUploadFileSchema = z
  .strictObject({ name: filenameSchema, type: z.string().trim().max(100), size: z.number().int().positive() })
  .superRefine((file, context) => {
    if (!(file.type in PORTFOLIO_MEDIA_TYPES))
      context.addIssue({ code: 'custom', path: ['type'], message: PORTFOLIO_MESSAGES.wrongType.description(file.name) });
    else if (file.size > PORTFOLIO_LIMITS.maxFileBytes)
      context.addIssue({ code: 'custom', path: ['size'], message: PORTFOLIO_MESSAGES.tooLarge.description(file.name) });
  });

export const portfolioUploadRequestSchema = z.strictObject({
  files: z
    .array(portfolioUploadFileSchema)
    .min(1, PORTFOLIO_MESSAGES.mediaRequired.description)
    .max(PORTFOLIO_LIMITS.maxFilesPerUploadRequest, PORTFOLIO_MESSAGES.tooManyFiles),
});
export type PortfolioUploadRequest = z.infer<typeof portfolioUploadRequestSchema>;

/**
 * One presigned POST per requested file, in the same order: the browser POSTs `fields` then the file
 * (as the form field `file`, last) to `url`. The policy fixes the key, the declared content type and
 * 1 byte..maxBytes. `uploadId` is what an item save names the file by.
 */
const portfolioUploadGrantSchema = z.object({
  uploadId: z.string(),
  name: z.string(),
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  key: z.string(),
  maxBytes: z.number().int().positive(),
});
export type PortfolioUploadGrant = z.infer<typeof portfolioUploadGrantSchema>;
export const portfolioUploadResponseSchema = z.object({ uploads: z.array(portfolioUploadGrantSchema) });

// ── Items: POST /api/me/portfolio, PUT /api/me/portfolio/{itemId} ────────────────────────────────

const uploadIdSchema = z
  .string()
  .max(64, capped('Not an upload id'))
  .regex(/^[\w-]{1,64}$/, 'Not an upload id');

/** A file uploaded with a grant, linked by this save. A video may bring a poster image uploaded the same way. */
const newPortfolioMediaSchema = z.strictObject({
  uploadId: uploadIdSchema,
  /** The name the person knows the file by (shown, and named in errors). */
  filename: filenameSchema,
  /** An image upload (JPEG, PNG or WEBP; e.g. a frame the browser drew from the video) to show before the video plays. */
  posterUploadId: uploadIdSchema.optional(),
});
/** A file the item already has, kept (its id from the item's `media`). */
const keptPortfolioMediaSchema = z.strictObject({ id: z.string().trim().min(1).max(100) });

export const portfolioItemInputSchema = z.strictObject({
  title: z
    .string()
    .trim()
    .min(1, PORTFOLIO_MESSAGES.titleRequired)
    .max(PORTFOLIO_LIMITS.titleMaxChars, PORTFOLIO_MESSAGES.tooLong(PORTFOLIO_LIMITS.titleMaxChars)),
  description: z
    .string()
    .trim()
    .max(PORTFOLIO_LIMITS.descriptionMaxChars, PORTFOLIO_MESSAGES.tooLong(PORTFOLIO_LIMITS.descriptionMaxChars))
    .optional()
    .transform((text) => text || undefined),
  /** In display order; the first is the item's cover. */
  media: z
    .array(z.union([keptPortfolioMediaSchema, newPortfolioMediaSchema]))
    .min(1, PORTFOLIO_MESSAGES.mediaRequired.description)
    .max(PORTFOLIO_LIMITS.maxMediaPerItem, PORTFOLIO_MESSAGES.tooManyMedia),
});
export type PortfolioItemInput = z.input<typeof portfolioItemInputSchema>;
export type PortfolioItemSave = z.output<typeof portfolioItemInputSchema>;

export const portfolioItemParamsSchema = z.object({ itemId: z.string().trim().min(1).max(100) });

// ── Reorder: PUT /api/me/portfolio/order ─────────────────────────────────────────────────────────

/** Every item id of the portfolio, each once, in the new order. */
export const portfolioOrderSchema = z.strictObject({
  itemIds: z
    .array(z.string().trim().min(1).max(100))
    .max(PORTFOLIO_LIMITS.maxItemsPerProvider)
    .refine((ids) => new Set(ids).size === ids.length, PORTFOLIO_MESSAGES.orderOutdated),
});

// ── What is answered ─────────────────────────────────────────────────────────────────────────────

/** URLs are site paths (`/media/portfolio/...`), served by CloudFront or the local edge. */
const portfolioMediaSchema = z.object({
  id: z.string(),
  type: z.enum(['image', 'video']),
  url: z.string(),
  /** Images: a WebP at most 600 px on its longer side, for grids. */
  thumbnailUrl: z.string().optional(),
  /** Videos with a poster; without one the web shows a neutral poster. */
  posterUrl: z.string().optional(),
  filename: z.string(),
});
export type PortfolioMedia = z.infer<typeof portfolioMediaSchema>;

export const portfolioItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().optional(),
  media: z.array(portfolioMediaSchema),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type PortfolioItem = z.infer<typeof portfolioItemSchema>;

/** The whole portfolio in display order (at most maxItemsPerProvider items, so it is never paged). */
export const portfolioResponseSchema = z.object({ items: z.array(portfolioItemSchema) });
export type PortfolioResponse = z.infer<typeof portfolioResponseSchema>;

export const portfolioItemDeletedSchema = z.object({ itemId: z.string(), deleted: z.literal(true) });
