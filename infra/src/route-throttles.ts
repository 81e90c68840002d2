import type { RouteName } from '@solutionz/shared';

export interface RouteThrottle {
  /** Requests per second across all callers, steady. */
  readonly rateLimit: number;
  readonly burstLimit: number;
}

/**
 * Stage-wide limits on the routes a flood would hurt most, below the stage's own throttle: each mails
 * someone, spends a secret or writes what others read. The per-person caps in the services and WAF's
 * per-address rates come first; these bound what many addresses together can do. API Gateway answers
 * 429 above them (the Observability stack alarms on the 429 rate).
 */
export const ROUTE_THROTTLES: Partial<Record<RouteName, RouteThrottle>> = {
  signup: { rateLimit: 5, burstLimit: 10 },
  resendConfirmation: { rateLimit: 5, burstLimit: 10 },
  requestPasswordReset: { rateLimit: 5, burstLimit: 10 },
  confirmPasswordReset: { rateLimit: 5, burstLimit: 10 },
  adminSetup: { rateLimit: 1, burstLimit: 2 },
  // A claim mails the address it names; completing one takes a password; an e-mail change mails the new address.
  claimBusiness: { rateLimit: 5, burstLimit: 10 },
  inspectClaimLink: { rateLimit: 5, burstLimit: 10 },
  completeClaim: { rateLimit: 5, burstLimit: 10 },
  completeClaimSignedIn: { rateLimit: 5, burstLimit: 10 },
  cancelClaim: { rateLimit: 5, burstLimit: 10 },
  requestEmailChange: { rateLimit: 5, burstLimit: 10 },
  confirmEmailChange: { rateLimit: 5, burstLimit: 10 },
  createFeedback: { rateLimit: 5, burstLimit: 10 },
  updateMyFeedback: { rateLimit: 5, burstLimit: 10 },
  replyToFeedback: { rateLimit: 5, burstLimit: 10 },
  // Messages land in someone else's inbox (and, unread, their mail).
  startConversation: { rateLimit: 10, burstLimit: 20 },
  sendMessage: { rateLimit: 20, burstLimit: 50 },
  // Stripe sends bursts (a renewal run) and retries a 429 with backoff for days.
  stripeWebhook: { rateLimit: 20, burstLimit: 50 },
};
