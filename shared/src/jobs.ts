import { z } from 'zod';
import { emailAddressSchema } from './accounts';
import { formatCategorySelection, parseCategorySelection } from './category-selection';
import { RADIUS_OPTIONS_MILES } from './constants';
import { JOB_BUDGET_TYPES, JOB_LIMITS, JOB_MESSAGES } from './jobs-constants';
import { capped, PROFILE_LIMITS } from './profile-limits';

/** The job board's schemas; its limits and wording are in jobs-constants.ts, so that the board loads no zod. */

const categorySelectionText = z
  .string()
  .trim()
  .min(1, JOB_MESSAGES.categoryRequired.description)
  .max(120)
  .transform((value) => formatCategorySelection(parseCategorySelection(value)));

const revealCap = z
  .number(JOB_MESSAGES.revealCapRange)
  .int(JOB_MESSAGES.revealCapRange)
  .min(JOB_LIMITS.revealCap.min, JOB_MESSAGES.revealCapRange)
  .max(JOB_LIMITS.revealCap.max, JOB_MESSAGES.revealCapRange);

const PHONE_PATTERN = /^\+?[\d\s()-]{7,20}$/;

/** POST /api/jobs and the Post a Job form: exactly these fields (any other is refused by name, 400). */
export const jobPostSchema = z.strictObject({
  title: z.string(JOB_MESSAGES.titleRequired).trim().min(1, JOB_MESSAGES.titleRequired).max(JOB_LIMITS.titleMax, JOB_MESSAGES.titleTooLong),
  description: z
    .string(JOB_MESSAGES.descriptionRequired)
    .trim()
    .min(1, JOB_MESSAGES.descriptionRequired)
    .max(JOB_LIMITS.descriptionMax, JOB_MESSAGES.descriptionTooLong),
  contactEmail: emailAddressSchema({ required: JOB_MESSAGES.contactEmailRequired, invalid: JOB_MESSAGES.contactEmailInvalid }),
  contactPhone: z
    .string()
    .trim()
    .max(PROFILE_LIMITS.phoneMaxChars, capped(JOB_MESSAGES.contactPhoneInvalid))
    .refine((phone) => phone === '' || PHONE_PATTERN.test(phone), JOB_MESSAGES.contactPhoneInvalid)
    .transform((phone) => phone || undefined)
    .optional(),
  /** Free text ("£500", "£25 an hour"); the first number in it is what the budget filter compares. */
  budget: z
    .string()
    .trim()
    .max(JOB_LIMITS.budgetMax, JOB_MESSAGES.budgetTooLong)
    .transform((budget) => budget || undefined)
    .optional(),
  budgetType: z.enum(JOB_BUDGET_TYPES).optional(),
  categories: z
    .array(categorySelectionText, JOB_MESSAGES.categoryRequired.description)
    .min(1, JOB_MESSAGES.categoryRequired.description)
    .max(JOB_LIMITS.maxCategories, `At most ${JOB_LIMITS.maxCategories} categories`),
  /** A UK postcode, sector, outward code or town: geocoded by the server (400 when it means no place). */
  location: z.string(JOB_MESSAGES.locationRequired).trim().min(1, JOB_MESSAGES.locationRequired).max(JOB_LIMITS.locationMax),
  revealCap: revealCap.optional(),
});
export type JobPostInput = z.input<typeof jobPostSchema>;
export type JobPost = z.output<typeof jobPostSchema>;

/** The number the budget filter compares: the first amount in the free text, or none. */
export function budgetAmount(budget: string | undefined): number | undefined {
  const match = budget?.replace(/,/g, '').match(/\d+(\.\d+)?/);
  return match ? Number(match[0]) : undefined;
}

const optionalNumber = z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().min(0).optional());

/** GET /api/jobs and GET /api/me/job-board. */
export const jobListQuerySchema = z
  .object({
    /** A selection in the shared format (`Group` or `Group > Sub`); a group matches its subcategories too. */
    category: z.string().trim().max(120).optional(),
    /** Jobs within `radius` miles of this place when it resolves, else jobs whose location name contains it. */
    location: z.string().trim().max(JOB_LIMITS.locationMax).optional(),
    radius: z
      .enum(RADIUS_OPTIONS_MILES.map(String) as [string, ...string[]], `Choose a radius of ${RADIUS_OPTIONS_MILES.join(', ')} miles`)
      .optional()
      .transform((value) => (value === undefined ? undefined : Number(value))),
    /** The budget range applies only when both are set (docs/product/jobs.md#the-job-board). */
    minBudget: optionalNumber,
    maxBudget: optionalNumber,
    budgetType: z.enum(['any', ...JOB_BUDGET_TYPES]).default('any'),
    /**
     * Which page (from 1) when no cursor names it: the last one is read from the oldest end, one in the middle from
     * the nearer end (docs/data-layer.md#the-job-board); past the last, the last.
     */
    page: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.coerce
        .number(JOB_MESSAGES.badPage)
        .int(JOB_MESSAGES.badPage)
        .min(1, JOB_MESSAGES.badPage)
        .max(JOB_LIMITS.boardPageMax, JOB_MESSAGES.badPage)
        .optional(),
    ),
    /** Where the page starts: a page token of the page before (`nextCursor`) or after (`previousCursor`); it carries its page number. */
    cursor: z.string().trim().min(1).max(1000).optional(),
  })
  .superRefine((query, context) => {
    if (query.minBudget !== undefined && query.maxBudget !== undefined && query.minBudget > query.maxBudget) {
      context.addIssue({ code: 'custom', path: ['minBudget'], message: JOB_MESSAGES.budgetRangeOrder });
    }
  });
export type JobListQueryInput = z.input<typeof jobListQuerySchema>;
export type JobListQuery = z.output<typeof jobListQuerySchema>;

const jobContactSchema = z.object({
  contactName: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string().optional(),
});
export type JobContact = z.infer<typeof jobContactSchema>;

export const jobSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  categories: z.array(z.string()),
  budget: z.string().optional(),
  budgetType: z.enum(JOB_BUDGET_TYPES).optional(),
  /** The geocoded place's name. */
  locationName: z.string(),
  postedAt: z.iso.datetime(),
  /** How many providers have revealed the contact details (the open lead count). */
  revealCount: z.number().int().min(0),
  revealCap: z.number().int().min(JOB_LIMITS.revealCap.min).max(JOB_LIMITS.revealCap.max),
  enoughInterest: z.boolean(),
  /** Signed-in answers only (the /api/me routes): the caller posted it. */
  isMine: z.boolean().optional(),
  /** Signed-in answers only: the caller revealed it. */
  revealed: z.boolean().optional(),
  /** Signed-in answers only: the caller saved it. */
  saved: z.boolean().optional(),
  /** Only for the job's own client and a subscribed provider who revealed it. */
  contact: jobContactSchema.optional(),
});
export type Job = z.infer<typeof jobSchema>;

export const jobPageSchema = z.object({
  jobs: z.array(jobSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageCount: z.number().int().min(0),
});
export type JobPage = z.infer<typeof jobPageSchema>;

/**
 * A page of the board: newest first, or nearest first around a place. `total` and `pageCount` only where a kept count
 * gives them (no place and no budget range); `nextCursor` while there are more, `previousCursor` where the page
 * before can be read from this one (newest first).
 */
export const jobBoardPageSchema = z.object({
  jobs: z.array(jobSchema),
  page: z.number().int().min(1),
  total: z.number().int().min(0).optional(),
  pageCount: z.number().int().min(1).optional(),
  nextCursor: z.string().optional(),
  previousCursor: z.string().optional(),
});
export type JobBoardPage = z.infer<typeof jobBoardPageSchema>;

export const jobIdParamsSchema = z.object({ jobId: z.string().trim().min(1).max(100) });
export const jobRevealResponseSchema = z.object({ job: jobSchema.required({ contact: true }) });
export const jobDeletedSchema = z.object({ jobId: z.string(), deleted: z.literal(true) });
export const savedJobResponseSchema = z.object({ jobId: z.string(), saved: z.boolean() });
export const jobPageQuerySchema = z.object({ page: z.coerce.number().int().min(1).default(1) });
export const jobRevealCapUpdateSchema = z.strictObject({ revealCap });
