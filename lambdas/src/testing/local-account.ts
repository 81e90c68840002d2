import { randomUUID } from 'node:crypto';
import type { AccountType } from '@solutionz/shared';
import type { Identity } from '../adapters/cognito-identity';
import type { AccountRepository } from '../data/account-repository';
import type { Geocoder } from '../geo/geocoder';
import { resolvePlace } from '../geo/resolve';
import { testGeocoder } from './geocoder';

/** An account put straight into a local stack: demo data, and the accounts browser tests start with. */
export interface LocalAccount {
  readonly accountType: AccountType;
  readonly email: string;
  readonly password: string;
  readonly firstName: string;
  readonly lastName: string;
  /** Placed as sign-up places it; a location that names no one place is refused. */
  readonly location?: string;
  /** Providers: what sign-up asks of them. */
  readonly businessName?: string;
  readonly phoneNumber?: string;
  readonly categories?: readonly string[];
  /** Whether the e-mail address counts as confirmed (default true). */
  readonly emailConfirmed?: boolean;
}

export interface LocalAccountDeps {
  readonly identity: Identity;
  readonly accounts: AccountRepository;
  /** What places `location`: the test geocoder unless given (the local stack gives its own). */
  readonly loadGeocoder?: () => Geocoder;
}

let geocoder: Geocoder | undefined;

/** The test geocoder, made on first use: loading the tables takes most of a second. */
function defaultGeocoder(): Geocoder {
  geocoder ??= testGeocoder();
  return geocoder;
}

/**
 * Creates the account as sign-up leaves it (the Cognito user in its group, the e-mail reservation, the
 * profile and a provider's business, through the same identity adapter and repository the API uses),
 * without the sign-up's rate limits and mail. Returns the user id (the Cognito `sub`).
 */
export async function createLocalAccount(
  deps: LocalAccountDeps,
  account: LocalAccount,
  { now = new Date(), existingUserId }: { now?: Date; existingUserId?: string } = {},
): Promise<string> {
  const place = account.location ? await resolvePlace((deps.loadGeocoder ?? defaultGeocoder)(), account.location, 'location') : undefined;
  const reservationId = randomUUID();
  if (!(await deps.accounts.reserveEmail(account.email, reservationId, now, 60))) {
    throw new Error(`${account.email} already has an account in the local stack`);
  }
  // A user the pool kept from an earlier start (when only the table is new) gets its profile back.
  const userId = existingUserId ?? (await deps.identity.createUser(account.email, account.password, account.accountType));
  const confirmed = account.emailConfirmed ?? true;
  if (confirmed) await deps.identity.markEmailVerified(account.email);
  const at = now.toISOString();
  const isProvider = account.accountType === 'provider';
  const businessId = isProvider && account.businessName ? randomUUID() : undefined;
  await deps.accounts.createAccount({
    reservationId,
    profile: {
      userId,
      email: account.email,
      accountType: account.accountType,
      firstName: account.firstName,
      lastName: account.lastName,
      ...(place
        ? { location: account.location, placeName: place.name, lat: place.lat, lng: place.lng, geohash: place.geohash, placePrecision: place.precision }
        : {}),
      ...(isProvider ? { phoneNumber: account.phoneNumber, businessName: account.businessName, businessId } : {}),
      categories: [...(account.categories ?? [])],
      ...(confirmed ? { emailConfirmedAt: at } : {}),
      createdAt: at,
      updatedAt: at,
    },
    ...(businessId && account.businessName
      ? { business: { businessId, businessName: account.businessName, businessEmail: account.email, ownerUserId: userId, createdAt: at } }
      : {}),
  });
  return userId;
}
