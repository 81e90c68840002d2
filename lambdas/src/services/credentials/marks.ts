import type { CredentialRecord } from '../../data/credentials-repository';
import type { CredentialsDeps } from './deps';

/** A checked registration without an expiry date holds for good. */
const FOR_GOOD = '9999-12-31';

const latest = (days: readonly string[]) => (days.length ? days.reduce((a, b) => (a > b ? a : b)) : undefined);

/** The last day a checked insurance and a checked registration of these hold until, or none. */
function marksOf(records: readonly CredentialRecord[]): { insuredUntil?: string; registeredUntil?: string } {
  const verified = records.filter((record) => record.status === 'verified');
  const insuredUntil = latest(verified.flatMap((record) => (record.type === 'insurance' && record.expiresOn ? [record.expiresOn] : [])));
  const registeredUntil = latest(verified.flatMap((record) => (record.type === 'registration' ? [record.expiresOn ?? FOR_GOOD] : [])));
  return { ...(insuredUntil ? { insuredUntil } : {}), ...(registeredUntil ? { registeredUntil } : {}) };
}

/**
 * After a checked credential changes, the profile's marks follow, and the listing with them (docs/product/credentials.md#in-the-directory).
 * The marks are days, compared with today when read, so an expiry needs no write.
 */
export async function refreshMarks(deps: Pick<CredentialsDeps, 'credentials' | 'directory' | 'clock'>, providerId: string): Promise<void> {
  await deps.credentials.setMarks(providerId, marksOf(await deps.credentials.list(providerId)));
  await deps.directory.syncListing(providerId, deps.clock());
}
