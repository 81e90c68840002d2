/**
 * The figures the business watches (the Observability stack's business dashboard), counted where they
 * happen. Services take the port; the functions give them Powertools Metrics (CloudWatch embedded metric
 * format), local runs and tests something that only records.
 */
export const BUSINESS_METRICS = {
  /** An account was created through sign-up. */
  signUps: 'SignUps',
  /** An e-mail address was confirmed through its link. */
  emailConfirmations: 'EmailConfirmations',
  /** A Stripe Checkout finished and its membership was written onto the provider's profile. */
  checkoutsCompleted: 'CheckoutsCompleted',
  /** A Stripe webhook delivery was refused (bad signature) or failed while being handled (Stripe sends it again). */
  stripeWebhooksFailed: 'StripeWebhooksFailed',
  /** A provider revealed a job's contact details for the first time. */
  contactReveals: 'ContactReveals',
  /** A mail SES accepted, and one it refused or that never reached it (each try counts). */
  mailsSent: 'MailsSent',
  mailsFailed: 'MailsFailed',
} as const;

type BusinessMetric = (typeof BUSINESS_METRICS)[keyof typeof BUSINESS_METRICS];

export interface BusinessMetrics {
  count(metric: BusinessMetric, value?: number): void;
}

/** Keeps what was counted, for tests and local runs. */
export function recordingBusinessMetrics(): BusinessMetrics & { readonly counted: Readonly<Record<string, number>> } {
  const counted: Record<string, number> = {};
  return {
    counted,
    count(metric, value = 1) {
      counted[metric] = (counted[metric] ?? 0) + value;
    },
  };
}
