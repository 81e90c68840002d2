import {
  ACCOUNT_MESSAGES,
  SIGNUP_RATE_LIMIT,
  TOKEN_TTL,
  splitFullName,
  type Signup,
  type SignupResponse,
} from '@solutionz/shared';
import { IdentityExistsError } from '../../adapters/cognito-identity';
import { ConflictError, RateLimitedError, ValidationError } from '../../errors';
import { resolvePlace } from '../../geo/resolve';
import type { AccountsDeps } from './deps';
import { trySend } from './delivery';
import { confirmationMail } from './mails';
import { issueToken } from './tokens';
import { BUSINESS_METRICS } from '../business-metrics';

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
async function createIdentity(deps: AccountsDeps, input: Signup): Promise<string> {
  try {
    return await deps.identity.createUser(input.email, input.password, input.accountType);
  } catch (error) {
    if (!(error instanceof IdentityExistsError)) throw error;
    await deps.identity.deleteUser(input.email);
    return deps.identity.createUser(input.email, input.password, input.accountType);
  }
}

/**
 * Creates the account as one unit: the typed location is placed, the address is
 * reserved by a conditional write, then
 * the Cognito user, then profile, business and confirmation token in one transaction. A failure at
 * any step undoes the earlier ones, so trying again simply works. The confirmation mail comes last:
 * when it fails the account stands and the answer says why the mail did not go.
 */
export async function signUp(deps: AccountsDeps, input: Signup, sourceIp: string): Promise<SignupResponse> {
  const now = deps.clock();
  const { email } = input;
  await enforceSignupLimits(deps, email, sourceIp, now);
  // Admin usernames map to addresses in this domain; an account there would pose as an admin sign-in.
  if (email.endsWith(`@${deps.config.adminEmailDomain}`)) {
    throw new ValidationError({ 'body.email': ACCOUNT_MESSAGES.emailReserved });
  }

  // A place we cannot find is a field error before anything is reserved or created.
  const place = await resolvePlace(deps.geocoder, input.location, 'body.location');

  const reservationId = deps.random.id();
  if (!(await deps.accounts.reserveEmail(email, reservationId, now, RESERVATION_HOLD_SECONDS))) {
    throw new ConflictError(ACCOUNT_MESSAGES.alreadyRegistered);
  }

  let userId: string | undefined;
  let identityAttempted = false;
  let token: ReturnType<typeof issueToken>;
  try {
    identityAttempted = true;
    userId = await createIdentity(deps, input);
    const { firstName, lastName } = splitFullName(input.fullName);
    const at = now.toISOString();
    const isProvider = input.accountType === 'provider';
    const businessId = isProvider ? deps.random.id() : undefined;
    token = issueToken(deps, 'confirm-email', { userId, email }, TOKEN_TTL.emailConfirmationHours);
    await deps.accounts.createAccount({
      reservationId,
      profile: {
        userId,
        email,
        accountType: input.accountType,
        firstName,
        lastName,
        location: input.location,
        placeName: place.name,
        lat: place.lat,
        lng: place.lng,
        geohash: place.geohash,
        placePrecision: place.precision,
        ...(isProvider ? { phoneNumber: input.phone, businessName: input.businessName, businessId } : {}),
        categories: isProvider ? (input.categories ?? []) : [],
        createdAt: at,
        updatedAt: at,
      },
      ...(isProvider && businessId && input.businessName
        ? { business: { businessId, businessName: input.businessName, businessEmail: email, ownerUserId: userId, createdAt: at } }
        : {}),
      token: token.record,
    });
  } catch (error) {
    // Creating the user may have failed after Cognito made it (setting the password, adding the
    // group), so it is deleted whenever creation was tried; the reservation makes the name ours.
    // The user goes first: once the address is released another sign-up may create a user of that
    // name. A user left behind because the delete failed is replaced by the next sign-up.
    if (identityAttempted) await deps.identity.deleteUser(email).catch(() => undefined);
    await deps.accounts.releaseEmail(email, reservationId).catch(() => undefined);
    throw error;
  }

  deps.metrics.count(BUSINESS_METRICS.signUps);
  const confirmationEmail = await trySend(deps.mailer, confirmationMail(email, deps.config.siteUrl, token.raw));
  return { userId, email, accountType: input.accountType, confirmationEmail };
}
