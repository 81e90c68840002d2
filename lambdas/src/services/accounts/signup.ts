import { ACCOUNT_MESSAGES, SIGNUP_RATE_LIMIT, TOKEN_TTL, splitFullName, type Signup, type SignupResponse } from '@solutionz/shared';
import { IdentityExistsError } from '../../adapters/cognito-identity';
import type { ProfileRecord } from '../../data/account-repository';
import { ConflictError, RateLimitedError, ValidationError } from '../../errors';
import { resolvePlace } from '../../geo/resolve';
import type { AccountsDeps } from './deps';
import { trySend } from './delivery';
import { confirmationMail } from './mails';
import { issueToken } from './tokens';
import { BUSINESS_METRICS } from '../../business-metrics';
import { refuseDeletedCategories } from '../category-check';

/** How long a sign-up may hold its e-mail reservation before another attempt may take it over. */
const RESERVATION_HOLD_SECONDS = 300;

async function enforceSignupLimits(deps: AccountsDeps, email: string, sourceIp: string, now: Date): Promise<void> {
  const { windowSeconds, perIp, perEmail } = SIGNUP_RATE_LIMIT;
  const byIp = await deps.rateLimits.countAttempt('signup-ip', sourceIp, windowSeconds, now);
  if (byIp.count > perIp) throw new RateLimitedError(ACCOUNT_MESSAGES.signupRateLimited, byIp.retryAfterSeconds);
  const byEmail = await deps.rateLimits.countAttempt('signup-email', email, windowSeconds, now);
  if (byEmail.count > perEmail) throw new RateLimitedError(ACCOUNT_MESSAGES.signupRateLimited, byEmail.retryAfterSeconds);
}

/**
 * A pool user that exists while this sign-up holds the address's reservation belongs to no profile:
 * an earlier sign-up died between creating it and writing the profile. It is removed and made again.
 */
async function createIdentity(deps: AccountsDeps, input: Pick<NewAccount, 'email' | 'password' | 'accountType'>): Promise<string> {
  try {
    return await deps.identity.createUser(input.email, input.password, input.accountType);
  } catch (error) {
    if (!(error instanceof IdentityExistsError)) throw error;
    await deps.identity.deleteUser(input.email);
    return deps.identity.createUser(input.email, input.password, input.accountType);
  }
}

/** An account to open: who, and what its profile and business say beyond the names. */
interface NewAccount {
  readonly email: string;
  readonly password: string;
  readonly fullName: string;
  readonly accountType: Signup['accountType'];
  readonly profile: Partial<ProfileRecord>;
  /** A business of its own, named by the account (a provider's sign-up). */
  readonly businessName?: string;
  /** The address is proven already (the account is opened from a link mailed to it): no confirmation link is issued. */
  readonly confirmed?: boolean;
}

/**
 * Opens an account as one unit: the address is reserved by a conditional write, then the Cognito
 * user, then profile, business and confirmation token in one transaction. A failure at any step
 * undoes the earlier ones, so trying again simply works. Answers the new user's id and the raw
 * confirmation token for the mail (none for an account whose address is confirmed already).
 */
export async function openAccount<A extends NewAccount>(
  deps: AccountsDeps,
  account: A,
  now: Date,
): Promise<{ userId: string; token: A['confirmed'] extends true ? undefined : string }> {
  const { email } = account;
  // Admin usernames map to addresses in this domain; an account there would pose as an admin sign-in.
  refuseReservedEmail(deps, email);
  const reservationId = deps.random.id();
  if (!(await deps.accounts.reserveEmail(email, reservationId, now, RESERVATION_HOLD_SECONDS))) {
    throw new ConflictError(ACCOUNT_MESSAGES.alreadyRegistered);
  }

  let identityAttempted = false;
  try {
    identityAttempted = true;
    const userId = await createIdentity(deps, account);
    if (account.confirmed) await deps.identity.markEmailVerified(email);
    const { firstName, lastName } = splitFullName(account.fullName);
    const at = now.toISOString();
    const businessId = account.businessName ? deps.random.id() : undefined;
    const token = account.confirmed ? undefined : issueToken(deps, 'confirm-email', { userId, email }, TOKEN_TTL.emailConfirmationHours);
    await deps.accounts.createAccount({
      reservationId,
      profile: {
        categories: [],
        ...account.profile,
        userId,
        email,
        accountType: account.accountType,
        firstName,
        lastName,
        ...(businessId ? { businessName: account.businessName, businessId } : {}),
        ...(account.confirmed ? { emailConfirmedAt: at } : {}),
        createdAt: at,
        updatedAt: at,
      },
      ...(businessId && account.businessName
        ? { business: { businessId, businessName: account.businessName, businessEmail: email, ownerUserId: userId, createdAt: at } }
        : {}),
      ...(token ? { token: token.record } : {}),
    });
    return { userId, token: token?.raw } as { userId: string; token: A['confirmed'] extends true ? undefined : string };
  } catch (error) {
    // Creating the user may have failed after Cognito made it (setting the password, adding the
    // group), so it is deleted whenever creation was tried; the reservation makes the name ours.
    // The user goes first: once the address is released another sign-up may create a user of that
    // name. A user left behind because the delete failed is replaced by the next sign-up.
    if (identityAttempted) await deps.identity.deleteUser(email).catch(() => undefined);
    await deps.accounts.releaseEmail(email, reservationId).catch(() => undefined);
    throw error;
  }
}

/**
 * Signs up: the typed location is placed (a place we cannot find is a field error before anything is
 * reserved or created), then the account is opened. The confirmation mail comes last: when it fails
 * the account stands and the answer says why the mail did not go.
 */
/** Addresses at the admins' own domain are for admin accounts only: nobody signs up or claims a business with one. */
export function refuseReservedEmail(deps: Pick<AccountsDeps, 'config'>, email: string): void {
  if (email.toLowerCase().endsWith(`@${deps.config.adminEmailDomain}`)) throw new ValidationError({ 'body.email': ACCOUNT_MESSAGES.emailReserved });
}

export async function signUp(deps: AccountsDeps, input: Signup, sourceIp: string): Promise<SignupResponse> {
  const now = deps.clock();
  const { email } = input;
  await enforceSignupLimits(deps, email, sourceIp, now);
  if (email.endsWith(`@${deps.config.adminEmailDomain}`)) {
    throw new ValidationError({ 'body.email': ACCOUNT_MESSAGES.emailReserved });
  }
  const isProvider = input.accountType === 'provider';
  if (isProvider) await refuseDeletedCategories(deps.directory, input.categories, 'body.categories');
  const place = await resolvePlace(deps.geocoder, input.location, 'body.location');
  const { userId, token } = await openAccount(
    deps,
    {
      email,
      password: input.password,
      fullName: input.fullName,
      accountType: input.accountType,
      profile: {
        location: input.location,
        placeName: place.name,
        lat: place.lat,
        lng: place.lng,
        geohash: place.geohash,
        placePrecision: place.precision,
        ...(isProvider ? { phoneNumber: input.phone } : {}),
        categories: isProvider ? (input.categories ?? []) : [],
      },
      ...(isProvider && input.businessName ? { businessName: input.businessName } : {}),
    },
    now,
  );
  deps.metrics.count(BUSINESS_METRICS.signUps);
  // The owner's place: their confirmation and reset mails from here keep a share no stranger can use up.
  await deps.sessions.noteUsedFrom(userId, sourceIp, now);
  const confirmationEmail = await trySend(deps.mailer, confirmationMail(email, deps.config.siteUrl, token));
  return { userId, email, accountType: input.accountType, confirmationEmail };
}
