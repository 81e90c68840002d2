/**
 * What the membership screens and the API say. Apart from the schemas in membership.ts: every page's guard reads
 * these, and a module that builds zod schemas as it loads would bring zod into every page (docs/web.md#calling-the-api).
 */
export const MEMBERSHIP_MESSAGES = {
  title: 'Choose Your Membership Plan',
  onlyProviders: 'Only service providers can purchase subscriptions.',
  alreadySubscribed: 'You already have an active subscription.',
  invalidCoupon: 'Invalid coupon code',
  couponClaimed: 'Sorry, the FIRST100 offer has already been fully claimed.',
  couponAlreadyUsed: 'You have already used the FIRST100 offer.',
  couponNeedsConfirmedEmail: 'The FIRST100 offer (a year free) is for confirmed e-mail addresses.',
  couponCheckoutOpen: (minutes: number) =>
    `Your FIRST100 place is held for your open checkout for ${minutes} more minute${minutes === 1 ? '' : 's'}: finish it there, or choose again once it has closed.`,
  couponApplied: (freeMonths: number) => `Coupon applied: ${freeMonths} months free`,
  checkoutFailed: 'Failed to process payment',
  noCheckoutUrl: 'No checkout URL returned',
  checkoutErrorToast: 'Checkout Error',
  canceled: "Your payment process was canceled. You can try again when you're ready.",
  success: { title: 'Payment successful', description: 'Welcome aboard! Your membership is now active.' },
  subscriptionRequired: 'You need an active membership to use that page. Choose a plan below to continue.',
  noSubscription: "You don't have a membership to manage yet.",
  notCancellable: "You don't have an active membership to cancel.",
  managementError: 'Subscription management error',
  cancellationError: 'Cancellation error',
  loadError: 'Error loading subscription',
  loadErrorRetry: 'Try Again',
  cancelled: 'Subscription cancelled',
  cancelledDescription: 'Your membership stays active until the end of the period you have paid for.',
  paymentFailed: 'Your last payment failed. Update your card in Manage to keep your membership.',
  paymentsUnavailable: 'Payments are not available right now. Please try again later.',
  invalidSignature: 'The Stripe signature of this webhook is not valid.',
} as const;

/**
 * What /membership says for its `message` query parameter (docs/product/membership.md#the-membership-page): a key names one of these
 * notices, and any other value shows nothing, so a link can never put words of its own on the page.
 */
const MEMBERSHIP_PAGE_NOTICES = {
  subscription_required: MEMBERSHIP_MESSAGES.subscriptionRequired,
  payment_failed: MEMBERSHIP_MESSAGES.paymentFailed,
  payments_unavailable: MEMBERSHIP_MESSAGES.paymentsUnavailable,
} as const satisfies Record<string, string>;
type MembershipPageNotice = keyof typeof MEMBERSHIP_PAGE_NOTICES;

/** The notice a `message` query parameter names, or undefined for a value that is not one of the keys. */
export function membershipPageNotice(key: string | null): string | undefined {
  return key !== null && Object.hasOwn(MEMBERSHIP_PAGE_NOTICES, key) ? MEMBERSHIP_PAGE_NOTICES[key as MembershipPageNotice] : undefined;
}
