import {
  CREDENTIAL_LIMITS,
  CREDENTIAL_MESSAGES as M,
  PROVIDER_PROFILE_MESSAGES,
  ukDate,
  type CredentialInput,
  type OwnCredential,
  type PublicCredential,
} from '@solutionz/shared';
import type { AuthorizedCaller } from '../../auth/caller';
import type { CredentialRecord } from '../../data/credentials-repository';
import { isListed } from '../../data/listing-rule';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors';
import type { CredentialsDeps } from './deps';
import { evidenceKey } from './evidence-keys';
import { refreshMarks } from './marks';
import { allOptions } from './options';
import { isCheckedAt, toOwnCredential, toPublicCredential } from './view';

function onlyProviders(caller: AuthorizedCaller): void {
  if (caller.accountType !== 'provider') throw new ForbiddenError(M.providersOnly);
}

export async function ownCredential(deps: Pick<CredentialsDeps, 'credentials'>, caller: AuthorizedCaller, credentialId: string): Promise<CredentialRecord> {
  onlyProviders(caller);
  const record = await deps.credentials.get(caller.userId, credentialId);
  if (!record) throw new NotFoundError(M.notFound);
  return record;
}

const refuse = (field: string, message: string) => new ValidationError({ [`body.${field}`]: message }, message);

/** The facts of an input as stored: only the fields of its type. */
function factsOf(
  input: CredentialInput,
): Pick<CredentialRecord, 'optionId' | 'name' | 'number' | 'insurer' | 'coverPounds' | 'awardingBody' | 'issuedOn' | 'expiresOn'> {
  switch (input.type) {
    case 'registration':
      return { optionId: input.optionId, number: input.number, ...(input.expiresOn ? { expiresOn: input.expiresOn } : {}) };
    case 'insurance':
      return { optionId: input.optionId, insurer: input.insurer, coverPounds: input.coverPounds, expiresOn: input.expiresOn };
    case 'qualification':
      return { name: input.name, awardingBody: input.awardingBody, issuedOn: input.issuedOn };
    case 'dbs':
      return { optionId: input.optionId, issuedOn: input.issuedOn };
  }
}

const FACT_FIELDS = ['optionId', 'name', 'number', 'insurer', 'coverPounds', 'awardingBody', 'issuedOn', 'expiresOn'] as const;
const sameFacts = (a: Partial<CredentialRecord>, b: Partial<CredentialRecord>) => FACT_FIELDS.every((field) => a[field] === b[field]);

/**
 * What the body's schema cannot know: the scheme must be offered now (one a credential already names may stay), a
 * date of issue not after today, and a new expiry date not before today.
 */
async function checkFacts(deps: Pick<CredentialsDeps, 'credentials' | 'clock'>, input: CredentialInput, previous?: CredentialRecord) {
  const facts = factsOf(input);
  const today = ukDate(deps.clock());
  if (facts.optionId && facts.optionId !== previous?.optionId) {
    const option = (await allOptions(deps)).get(facts.optionId);
    if (!option?.isActive || option.type !== input.type) throw refuse('optionId', M.optionUnknown);
  }
  if (facts.issuedOn && facts.issuedOn > today) throw refuse('issuedOn', M.dateInFuture);
  if (facts.expiresOn && facts.expiresOn !== previous?.expiresOn && facts.expiresOn < today) throw refuse('expiresOn', M.expiryPassed);
  return facts;
}

async function answer(deps: Pick<CredentialsDeps, 'credentials' | 'clock'>, record: CredentialRecord): Promise<OwnCredential> {
  return toOwnCredential(record, await allOptions(deps), deps.clock());
}

/** GET /api/me/credentials: the caller's, oldest first, each with its status. */
export async function listMyCredentials(
  deps: Pick<CredentialsDeps, 'credentials' | 'clock'>,
  caller: AuthorizedCaller,
): Promise<{ credentials: OwnCredential[] }> {
  onlyProviders(caller);
  const [records, options] = await Promise.all([deps.credentials.list(caller.userId), allOptions(deps)]);
  return { credentials: records.map((record) => toOwnCredential(record, options, deps.clock())) };
}

/** POST /api/me/credentials: waits to be checked from now; at most CREDENTIAL_LIMITS.perProvider, by a conditional count. */
export async function createCredential(deps: CredentialsDeps, caller: AuthorizedCaller, input: CredentialInput): Promise<OwnCredential> {
  onlyProviders(caller);
  const facts = await checkFacts(deps, input);
  const now = deps.clock().toISOString();
  const record: CredentialRecord = {
    providerId: caller.userId,
    credentialId: deps.random.id(),
    type: input.type,
    ...facts,
    status: 'pending',
    submittedAt: now,
    remindersSent: [],
    version: 1,
  };
  if ((await deps.credentials.add(record, CREDENTIAL_LIMITS.perProvider)) === 'full') throw refuse('type', M.tooMany);
  return answer(deps, record);
}

/**
 * PUT /api/me/credentials/{id}: new facts go back to the queue (a checked credential is unchecked until an admin
 * looks again; a rejected one is asked again). The same facts change nothing. The type stays what it was.
 */
export async function updateCredential(deps: CredentialsDeps, caller: AuthorizedCaller, credentialId: string, input: CredentialInput): Promise<OwnCredential> {
  const previous = await ownCredential(deps, caller, credentialId);
  if (input.type !== previous.type) throw refuse('type', M.typeFixed);
  const facts = await checkFacts(deps, input, previous);
  if (sameFacts(previous, facts)) return answer(deps, previous);
  // What was checked, and who checked it, no longer holds; the old facts give way to the new ones whole.
  const {
    checkedAt: _at,
    checkedBy: _by,
    rejectReason: _reason,
    optionId: _o,
    name: _n,
    number: _nb,
    insurer: _i,
    coverPounds: _c,
    awardingBody: _a,
    issuedOn: _is,
    expiresOn: _e,
    ...kept
  } = previous;
  const next: CredentialRecord = {
    ...kept,
    ...facts,
    status: 'pending',
    submittedAt: previous.status === 'pending' ? previous.submittedAt : deps.clock().toISOString(),
    remindersSent: facts.expiresOn === previous.expiresOn ? previous.remindersSent : [],
    version: previous.version + 1,
  };
  if ((await deps.credentials.save(previous, next)) === 'conflict') throw new ConflictError(M.changedMeanwhile);
  if (previous.status === 'verified') await refreshMarks(deps, caller.userId);
  return answer(deps, next);
}

/** DELETE /api/me/credentials/{id}: the credential, its marks and its evidence document. */
export async function deleteCredential(deps: CredentialsDeps, caller: AuthorizedCaller, credentialId: string): Promise<{ deleted: true }> {
  const record = await ownCredential(deps, caller, credentialId);
  if ((await deps.credentials.remove(record)) === 'conflict') throw new ConflictError(M.changedMeanwhile);
  await deps.evidenceFiles.delete(evidenceKey(caller.userId, credentialId));
  if (record.status === 'verified') await refreshMarks(deps, caller.userId);
  return { deleted: true };
}

/** GET /api/providers/{id}/credentials: a listed provider's checked credentials that have not expired today. */
export async function getProviderCredentials(
  deps: Pick<CredentialsDeps, 'credentials' | 'accounts' | 'clock'>,
  providerId: string,
): Promise<{ credentials: PublicCredential[] }> {
  const now = deps.clock();
  const profile = await deps.accounts.getProfile(providerId);
  if (!isListed(profile, now)) throw new NotFoundError(PROVIDER_PROFILE_MESSAGES.notAvailable.text);
  const [records, options] = await Promise.all([deps.credentials.list(providerId), allOptions(deps)]);
  return { credentials: records.filter((record) => isCheckedAt(record, now)).map((record) => toPublicCredential(record, options)) };
}
