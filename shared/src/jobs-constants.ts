/**
 * Jobs (docs/product/jobs.md; docs/architecture.md#jobs-and-contact-details): posting, the board, the contact reveal
 * with its open lead count, saved jobs and My Jobs. Contact details never travel in a job card: they
 * come as `contact` only to the job's own client and to a subscribed provider who revealed it.
 */

export const JOB_PAGE_SIZE = 5;
export const JOB_LIMITS = {
  titleMax: 120,
  descriptionMax: 5000,
  budgetMax: 60,
  locationMax: 100,
  maxCategories: 10,
  revealCap: { min: 1, max: 10, default: 5 },
  /** Jobs one client may post in a day (UTC): enough for anyone, too few to flood the job alerts. */
  postsPerDay: 10,
  /** The highest page number the board's address may name (a board of a million jobs has 200,000 pages). */
  boardPageMax: 1_000_000,
  /**
   * Pages a numbered page of an uncounted result (around a place, or with a budget range) is walked to from the first
   * without a page token; such a page further down opens only with Next.
   */
  boardWalkPages: 20,
} as const;
/** The board's budget slider. */
export const JOB_BUDGET_SLIDER = { max: 10000, step: 100, defaultMin: 0, defaultMax: 5000 } as const;
export const JOB_BUDGET_TYPES = ['hourly', 'fixed'] as const;
export type JobBudgetType = (typeof JOB_BUDGET_TYPES)[number];

export const JOB_MESSAGES = {
  title: 'Job Directory',
  dailyLimit: `You can post at most ${JOB_LIMITS.postsPerDay} jobs a day.`,
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${JOB_LIMITS.titleMax} characters`,
  descriptionRequired: 'Description is required',
  descriptionTooLong: `Description must be at most ${JOB_LIMITS.descriptionMax} characters`,
  contactEmailRequired: 'Contact email is required',
  contactEmailInvalid: 'Please enter a valid email address',
  contactPhoneInvalid: 'Please enter a valid phone number',
  budgetTooLong: `Budget must be at most ${JOB_LIMITS.budgetMax} characters`,
  locationRequired: 'Location is required',
  categoryRequired: { title: 'Please select a category', description: 'You must select a service category for your job posting.' },
  revealCapRange: `Choose a limit from ${JOB_LIMITS.revealCap.min} to ${JOB_LIMITS.revealCap.max}`,
  revealCapBelowCount: 'The limit cannot be lower than the number of reveals so far',
  revealCapSaved: 'Reveal limit saved',
  loginRequired: { title: 'Authentication required', description: 'Please sign in to post jobs.' },
  /** A provider or an admin posting (403). */
  clientsOnly: { title: 'Feature not available', description: 'Only clients can post jobs.' },
  /** Anyone but a subscribed provider revealing (403). */
  subscriptionRequired: 'Subscription required',
  revealed: 'Contact information revealed',
  /** The job's reveal cap is reached (409, and the card's badge). */
  enoughInterest: 'Enough interest',
  posted: 'Job posted',
  postFailed: 'Error posting job',
  saved: 'Job saved',
  removed: 'Job removed',
  deleted: 'Job deleted',
  deleteFailed: 'Failed to delete job',
  deleteConfirm: 'Are you sure you want to delete this job? This action cannot be undone.',
  loadFailed: 'Failed to load jobs',
  /** My Jobs, the client's own list. */
  myJobsLoadFailed: 'Failed to load your jobs',
  /** A board cursor that is not one of ours (edited, or cut short). */
  badCursor: 'This page link has expired. Please search again.',
  badPage: 'Choose a page number from 1',
  /** A page number past `JOB_LIMITS.boardWalkPages` of a result with no kept count, without a page token. */
  pageTooDeep: `Pages past ${JOB_LIMITS.boardWalkPages} of this search open with Next. Please start again from the first page.`,
  savedLoadFailed: 'Failed to load saved jobs',
  notFound: 'Job not found',
  /** Saving and the saved list are for providers (403). */
  providersOnly: 'Only service providers can save jobs.',
  /** My Jobs and their reveal cap are for clients (403). */
  myJobsClientsOnly: 'Only clients post jobs.',
  budgetRangeOrder: 'The minimum budget cannot be above the maximum',
  empty: 'No jobs match your filters.',
  upgradeHint: 'Members see contact details and reveal jobs.',
  /** A visitor on the board: only providers see contact details. */
  visitorHint: 'Service providers sign in to see contact details.',
  revealNeedsConfirmedEmail: 'Revealing contact details needs a confirmed e-mail address.',
} as const;
