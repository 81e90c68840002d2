import { z } from 'zod';
import { parseCategorySelection } from './category-selection';
import { RADIUS_OPTIONS_MILES } from './constants';

/**
 * Job alerts: a provider whose Job Alerts are on gets one e-mail per new job in their
 * categories within their radius, with a one-click unsubscribe link that works signed out.
 */

export const JOB_ALERT_LIMITS = {
  /** Only jobs posted this recently are alerted: a replayed stream or loaded demo data mails nobody. */
  maxJobAgeHours: 24,
  /** Tries of one mail before it is parked as a dead letter. */
  sendAttempts: 3,
  /** The widest radius a provider can choose: how far around a job the worker looks. */
  searchRadiusMiles: Math.max(...RADIUS_OPTIONS_MILES),
} as const;

/** The web page the mail's unsubscribe link opens (it posts the token to the API). */
export const JOB_ALERT_UNSUBSCRIBE_PATH = '/job-alerts/unsubscribe';

/**
 * Where mail programs unsubscribe without opening anything (RFC 8058): the mail's List-Unsubscribe
 * header names it with the token in the query, and List-Unsubscribe-Post says a POST of
 * `List-Unsubscribe=One-Click` is enough.
 */
export const JOB_ALERT_ONE_CLICK_PATH = '/api/job-alerts/unsubscribe/one-click';

export const JOB_ALERT_MESSAGES = {
  unsubscribeInvalid: 'This unsubscribe link is not valid. Sign in and turn Job Alerts off in your notification settings.',
  unsubscribed: 'You have unsubscribed from job alerts',
} as const;

/** POST /api/job-alerts/unsubscribe: the token of the mail's link. */
export const jobAlertUnsubscribeSchema = z.strictObject({
  token: z
    .string(JOB_ALERT_MESSAGES.unsubscribeInvalid)
    .trim()
    .min(1, JOB_ALERT_MESSAGES.unsubscribeInvalid)
    .max(200, JOB_ALERT_MESSAGES.unsubscribeInvalid),
});

/** POST /api/job-alerts/unsubscribe/one-click?token=…: the token in the query, the body (`List-Unsubscribe=One-Click`) unread. */
export const jobAlertOneClickQuerySchema = z.strictObject({ token: jobAlertUnsubscribeSchema.shape.token });

/** Again after alerts are off is the same answer: the link may be opened twice. */
export const jobAlertUnsubscribeResponseSchema = z.object({ unsubscribed: z.literal(true) });
export type JobAlertUnsubscribeResponse = z.output<typeof jobAlertUnsubscribeResponseSchema>;

/**
 * Whether two category selections overlap: equal ones do, and a whole group (`Group`) overlaps each of
 * its subcategories (`Group > Sub`) either way round. `Other: text` overlaps only the same text.
 */
function categorySelectionsOverlap(a: string, b: string): boolean {
  const left = parseCategorySelection(a);
  const right = parseCategorySelection(b);
  if (left.kind === 'other' || right.kind === 'other') return left.kind === 'other' && right.kind === 'other' && left.text.toLowerCase() === right.text.toLowerCase();
  if (left.group !== right.group) return false;
  return left.kind === 'group' || right.kind === 'group' || left.sub === right.sub;
}

/** Whether any of the job's categories overlaps any of the provider's. */
export function categoriesOverlap(jobCategories: readonly string[], providerCategories: readonly string[]): boolean {
  return jobCategories.some((job) => providerCategories.some((provider) => categorySelectionsOverlap(job, provider)));
}
