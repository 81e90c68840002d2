import {
  CHECKOUT_SESSION_MINUTES,
  COUPON_FIRST100,
  MEMBERSHIP_MESSAGES,
  normaliseCouponCode,
  STRIPE_CATALOGUE,
  type CheckoutRequest,
  type CouponCheckResponse,
  type RedirectUrlResponse,
} from '@solutionz/shared';
import type { AuthorizedCaller } from '../../auth/caller';
import { CouponRefusedError } from '../../adapters/stripe-payments';
import { hasActiveMembership } from '../../data/listing-rule';
import { ConflictError, EmailNotConfirmedError, NotFoundError, ValidationError } from '../../errors';
import type { MembershipDeps } from './deps';
import { currentSubscription, syncCustomer } from './subscription';

const OFFER = COUPON_FIRST100.code;

/** The coupon a checkout asks for: none for a blank one; anything but FIRST100 is refused (docs/product/membership.md#first100). */
function requestedCoupon(code: string | null | undefined): typeof OFFER | undefined {
  if (code === undefined || code === null || code.trim() === '') return undefined;
  if (normaliseCouponCode(code) !== OFFER)
    throw new ValidationError({ 'body.couponCode': MEMBERSHIP_MESSAGES.invalidCoupon }, MEMBERSHIP_MESSAGES.invalidCoupon);
  return OFFER;
}

async function profileOf(deps: MembershipDeps, userId: string) {
  const profile = await deps.accounts.getProfile(userId, { consistent: true });
  if (!profile) throw new NotFoundError();
  return profile;
}

/** POST /api/membership/coupon: whether FIRST100 would apply now. The slot itself is taken by the checkout. */
export async function checkCoupon(deps: MembershipDeps, caller: AuthorizedCaller, couponCode: string): Promise<CouponCheckResponse> {
  const offer = requestedCoupon(couponCode);
  if (!offer) throw new ValidationError({ 'body.couponCode': MEMBERSHIP_MESSAGES.invalidCoupon }, MEMBERSHIP_MESSAGES.invalidCoupon);
  const [slot, claimed] = await Promise.all([deps.membership.getOfferSlot(offer, caller.userId), deps.membership.claimedCount(offer)]);
  if (slot?.status === 'used') throw new ConflictError(MEMBERSHIP_MESSAGES.couponAlreadyUsed);
  const remaining = Math.max(0, COUPON_FIRST100.maxRedemptions - claimed);
  if (!slot && remaining === 0) throw new ConflictError(MEMBERSHIP_MESSAGES.couponClaimed);
  return { couponCode: offer, description: MEMBERSHIP_MESSAGES.couponApplied(COUPON_FIRST100.freeMonths), freeMonths: COUPON_FIRST100.freeMonths, remaining };
}

/** The provider's one Stripe customer, created at the first checkout and kept on the profile. */
async function customerOf(
  deps: MembershipDeps,
  profile: { userId: string; email: string; firstName: string; lastName: string; businessName?: string; stripeCustomerId?: string },
): Promise<string> {
  if (profile.stripeCustomerId) return profile.stripeCustomerId;
  const name = profile.businessName ?? `${profile.firstName} ${profile.lastName}`.trim();
  const created = await deps.payments.createCustomer({ userId: profile.userId, email: profile.email, name });
  return deps.membership.keepCustomer(profile.userId, created, deps.clock());
}

/** Stripe opens a checkout for at least this long (its `expires_at` rule). */
const STRIPE_MIN_CHECKOUT_S = 30 * 60;
/** A FIRST100 slot is held for one checkout's lifetime from the first checkout, and no longer. */
const OFFER_HOLD_S = CHECKOUT_SESSION_MINUTES * 60;

type HeldSlot =
  /** Open a checkout that expires at `heldUntil`; `replaces` is the checkout the slot was held for before. */
  | { readonly kind: 'open'; readonly heldUntil: number; readonly replaces?: string }
  /** The slot's own checkout is still open for the plan asked for: go back to it. */
  | { readonly kind: 'reopen'; readonly url: string };

/**
 * Takes (or finds) the provider's FIRST100 slot. A slot is held at most OFFER_HOLD_S from its claim,
 * however often the checkout is opened again: a new checkout never outlives the hold, a slot whose
 * hold is over (Stripe's expiry not yet heard of) goes back and is claimed again like anyone's, and
 * when too little of the hold is left for Stripe to open another checkout, the one that is open is it.
 */
async function holdOfferSlot(deps: MembershipDeps, userId: string, plan: CheckoutRequest['plan'], now: Date): Promise<HeldSlot> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const claim = () => deps.membership.claimOfferSlot(OFFER, userId, COUPON_FIRST100.maxRedemptions, now, OFFER_HOLD_S);
  let slot = await claim();
  if (slot.outcome === 'held' && slot.heldUntil <= nowSeconds) {
    if (slot.checkoutSessionId) await deps.payments.expireCheckoutSession(slot.checkoutSessionId);
    await deps.membership.releaseOfferSlot(OFFER, userId, slot.checkoutSessionId);
    slot = await claim();
  }
  if (slot.outcome === 'full') throw new ConflictError(MEMBERSHIP_MESSAGES.couponClaimed);
  if (slot.outcome === 'used') throw new ConflictError(MEMBERSHIP_MESSAGES.couponAlreadyUsed);
  if (slot.outcome === 'claimed') return { kind: 'open', heldUntil: nowSeconds + OFFER_HOLD_S };

  const open = slot.checkoutSessionId ? await deps.payments.getCheckoutSession(slot.checkoutSessionId) : undefined;
  if (open?.status === 'open' && open.url && open.metadata.plan === plan) return { kind: 'reopen', url: open.url };
  const left = slot.heldUntil - nowSeconds;
  if (left < STRIPE_MIN_CHECKOUT_S) throw new ConflictError(MEMBERSHIP_MESSAGES.couponCheckoutOpen(Math.ceil(left / 60)));
  return { kind: 'open', heldUntil: slot.heldUntil, ...(slot.checkoutSessionId ? { replaces: slot.checkoutSessionId } : {}) };
}

/**
 * POST /api/membership/checkout: a Stripe Checkout in subscription mode for the chosen plan. With
 * FIRST100 a slot of the 100 is taken first, by a conditional write (holdOfferSlot), and given back if
 * the checkout cannot be opened (or, later, when Stripe expires it unpaid).
 */
export async function startCheckout(deps: MembershipDeps, caller: AuthorizedCaller, request: CheckoutRequest): Promise<RedirectUrlResponse> {
  const offer = requestedCoupon(request.couponCode);
  // A limited offer goes to people whose address is proven, not to throwaway sign-ups.
  if (offer && !caller.emailConfirmed) throw new EmailNotConfirmedError();
  const profile = await profileOf(deps, caller.userId);
  if (hasActiveMembership(profile, deps.clock())) throw new ConflictError(MEMBERSHIP_MESSAGES.alreadySubscribed);

  const customerId = await customerOf(deps, profile);
  // Paid a moment ago and the webhook has not landed yet: Stripe knows before our profile does.
  if (currentSubscription(await deps.payments.listSubscriptions(customerId))) {
    await syncCustomer(deps, customerId, caller.userId);
    throw new ConflictError(MEMBERSHIP_MESSAGES.alreadySubscribed);
  }

  const now = deps.clock();
  const held = offer ? await holdOfferSlot(deps, caller.userId, request.plan, now) : undefined;
  if (held?.kind === 'reopen') return { url: held.url };

  let session: { id: string; url: string };
  try {
    session = await deps.payments.createCheckoutSession({
      customerId,
      userId: caller.userId,
      plan: request.plan,
      ...(offer ? { couponId: STRIPE_CATALOGUE.coupon.id } : {}),
      successUrl: `${deps.config.siteUrl}/membership?success=true&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${deps.config.siteUrl}/membership?canceled=true`,
      expiresAt: held?.heldUntil ?? Math.floor(now.getTime() / 1000) + CHECKOUT_SESSION_MINUTES * 60,
      metadata: { userId: caller.userId, plan: request.plan, ...(offer ? { offer } : {}) },
    });
  } catch (error) {
    if (held && !held.replaces) await deps.membership.releaseOfferSlot(OFFER, caller.userId, undefined);
    if (error instanceof CouponRefusedError) throw new ConflictError(MEMBERSHIP_MESSAGES.couponClaimed);
    throw error;
  }

  if (held) {
    await deps.membership.attachCheckout(OFFER, caller.userId, session.id);
    // The slot moved to this checkout; the one it was held for must not be paid with it as well.
    if (held.replaces && held.replaces !== session.id) await deps.payments.expireCheckoutSession(held.replaces);
  }
  return { url: session.url };
}
