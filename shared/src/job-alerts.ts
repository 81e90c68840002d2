import { parseCategorySelection } from './category-selection';
import { unsubscribeSchemas } from './unsubscribe';

/**
 * Job alerts: a provider whose Job Alerts are on gets one e-mail per new job in their
 * categories within their radius, with a one-click unsubscribe link that works signed out.
 */

export const JOB_ALERT_LIMITS = {
  /** Only jobs posted this recently are alerted: a replayed stream or loaded demo data mails nobody. */
  maxJobAgeHours: 24,
  /** Tries of one mail before it is parked as a dead letter. */
  sendAttempts: 3,
} as const;

export const JOB_ALERT_MESSAGES = {
  unsubscribeInvalid: 'This unsubscribe link is not valid. Sign in and turn Job Alerts off in your notification settings.',
  unsubscribed: 'You have unsubscribed from job alerts',
} as const;

const jobAlertUnsubscribe = unsubscribeSchemas(JOB_ALERT_MESSAGES.unsubscribeInvalid);
/** POST /api/job-alerts/unsubscribe: the token of the mail's link. */
export const jobAlertUnsubscribeSchema = jobAlertUnsubscribe.body;
/** POST /api/job-alerts/unsubscribe/one-click?token=…. */
export const jobAlertOneClickQuerySchema = jobAlertUnsubscribe.oneClickQuery;

/**
 * Whether two category selections overlap: equal ones do, and a whole group (`Group`) overlaps each of
 * its subcategories (`Group > Sub`) either way round. `Other: text` overlaps only the same text.
 */
function categorySelectionsOverlap(a: string, b: string): boolean {
  const left = parseCategorySelection(a);
  const right = parseCategorySelection(b);
  if (left.kind === 'other' || right.kind === 'other')
    return left.kind === 'other' && right.kind === 'other' && left.text.toLowerCase() === right.text.toLowerCase();
  if (left.group !== right.group) return false;
  return left.kind === 'group' || right.kind === 'group' || left.sub === right.sub;
}

/** Whether any of the job's categories overlaps any of the provider's. */
export function categoriesOverlap(jobCategories: readonly string[], providerCategories: readonly string[]): boolean {
  return jobCategories.some((job) => providerCategories.some((provider) => categorySelectionsOverlap(job, provider)));
}
