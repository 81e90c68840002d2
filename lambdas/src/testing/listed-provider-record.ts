import type { ProfileRecord } from '../data/account-repository';

/** How long the membership of a built provider runs from `at`. */
const MEMBERSHIP_DAYS = 30;

/**
 * A provider's profile record as a running monthly membership leaves it (active, visible, so listed), placed
 * at `lat`/`lng`: for tests that load many providers at once (bulkLoadProviders) rather than sign each up.
 * Pat Trader, a plumber, unless `fields` says otherwise.
 */
export function listedProviderRecord(at: Date, fields: Pick<ProfileRecord, 'userId' | 'lat' | 'lng'> & Partial<ProfileRecord>): ProfileRecord {
  return {
    email: `${fields.userId}@example.co.uk`,
    accountType: 'provider',
    firstName: 'Pat',
    lastName: 'Trader',
    categories: ['Construction/Trade > Plumber'],
    isActive: true,
    isVisible: true,
    mfaEnabled: false,
    subscriptionTier: 'monthly',
    subscriptionEnd: new Date(at.getTime() + MEMBERSHIP_DAYS * 86_400_000).toISOString(),
    cancelAtPeriodEnd: false,
    createdAt: at.toISOString(),
    updatedAt: at.toISOString(),
    ...fields,
  };
}
