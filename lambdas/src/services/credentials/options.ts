import { CREDENTIAL_LIMITS, CREDENTIAL_MESSAGES as M, CREDENTIAL_OPTION_SEED, type CredentialOption, type CredentialOptionType } from '@solutionz/shared';
import type { AuthorizedCaller } from '../../auth/caller';
import type { CredentialOptionRecord, CredentialsRepository } from '../../data/credentials-repository';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import { actorOf, auditRecord } from '../admin/audit';

/**
 * The schemes, kinds and levels are data (docs/product/credentials.md#schemes-and-kinds): the seed offers each as
 * seeded until an admin renames or removes it, which stores an item that wins over the seed; an admin's additions
 * are items of their own. So a new table needs no seeding write, and the seed never overwrites an admin's change.
 */
export interface CredentialOptionsDeps {
  readonly credentials: Pick<CredentialsRepository, 'options' | 'putOption'>;
  readonly clock: () => Date;
  readonly random: { id(): string };
}

/** Every option ever offered, removed ones too (a credential keeps the name of the scheme it was added with). */
export async function allOptions(deps: { readonly credentials: Pick<CredentialsRepository, 'options'> }): Promise<Map<string, CredentialOptionRecord>> {
  const stored = await deps.credentials.options();
  const byId = new Map<string, CredentialOptionRecord>(CREDENTIAL_OPTION_SEED.map((seed) => [seed.optionId, { ...seed, isActive: true, updatedAt: '' }]));
  for (const option of stored) byId.set(option.optionId, option);
  return byId;
}

const byName = (a: CredentialOption, b: CredentialOption) => a.type.localeCompare(b.type) || a.name.localeCompare(b.name, 'en-GB');

/** GET /api/credential-options (and the admin's list): what is offered now, by type and name. */
export async function offeredOptions(deps: { readonly credentials: Pick<CredentialsRepository, 'options'> }): Promise<{ options: CredentialOption[] }> {
  const options = [...(await allOptions(deps)).values()].filter((option) => option.isActive);
  return { options: options.map(({ optionId, type, name }) => ({ optionId, type, name })).sort(byName) };
}

const nameKey = (name: string) => name.trim().toLocaleLowerCase('en-GB');

function refuseTakenName(all: Map<string, CredentialOptionRecord>, type: CredentialOptionType, name: string, except?: string) {
  const taken = [...all.values()].some(
    (option) => option.isActive && option.type === type && option.optionId !== except && nameKey(option.name) === nameKey(name),
  );
  if (taken) throw new ValidationError({ 'body.name': M.optionNameTaken }, M.optionNameTaken);
}

/** POST /api/admin/credential-options: a new one at the end of its list, audited. */
export async function createCredentialOption(
  deps: CredentialOptionsDeps,
  caller: AuthorizedCaller,
  input: { type: CredentialOptionType; name: string },
): Promise<CredentialOption> {
  const all = await allOptions(deps);
  refuseTakenName(all, input.type, input.name);
  if ([...all.values()].filter((option) => option.isActive && option.type === input.type).length >= CREDENTIAL_LIMITS.optionsPerType)
    throw new ValidationError({ 'body.name': M.optionsFull }, M.optionsFull);
  const option: CredentialOptionRecord = {
    optionId: deps.random.id(),
    type: input.type,
    name: input.name,
    isActive: true,
    updatedAt: deps.clock().toISOString(),
  };
  const audit = auditRecord(deps, actorOf(caller), {
    action: 'credentialOption.create',
    target: { kind: 'credentialOption', id: option.optionId, label: option.name },
    after: { type: option.type, name: option.name },
  });
  if ((await deps.credentials.putOption(option, true, audit)) === 'conflict') throw new ConflictError(M.optionNameTaken);
  return { optionId: option.optionId, type: option.type, name: option.name };
}

async function activeOption(deps: CredentialOptionsDeps, optionId: string) {
  const all = await allOptions(deps);
  const option = all.get(optionId);
  if (!option?.isActive) throw new NotFoundError(M.optionNotFound);
  return { all, option };
}

/** PATCH /api/admin/credential-options/{optionId}: a new name, which every credential that names it shows from now on. */
export async function renameCredentialOption(deps: CredentialOptionsDeps, caller: AuthorizedCaller, optionId: string, name: string): Promise<CredentialOption> {
  const { all, option } = await activeOption(deps, optionId);
  refuseTakenName(all, option.type, name, optionId);
  const next = { ...option, name, updatedAt: deps.clock().toISOString() };
  const audit = auditRecord(deps, actorOf(caller), {
    action: 'credentialOption.update',
    target: { kind: 'credentialOption', id: optionId, label: name },
    before: { name: option.name },
    after: { name },
  });
  await deps.credentials.putOption(next, false, audit);
  return { optionId, type: option.type, name };
}

/** DELETE /api/admin/credential-options/{optionId}: no longer offered; credentials that name it keep it. */
export async function removeCredentialOption(deps: CredentialOptionsDeps, caller: AuthorizedCaller, optionId: string): Promise<{ deleted: true }> {
  const { option } = await activeOption(deps, optionId);
  const audit = auditRecord(deps, actorOf(caller), {
    action: 'credentialOption.delete',
    target: { kind: 'credentialOption', id: optionId, label: option.name },
    before: { type: option.type, name: option.name },
  });
  await deps.credentials.putOption({ ...option, isActive: false, updatedAt: deps.clock().toISOString() }, false, audit);
  return { deleted: true };
}
