import { Entity } from 'electrodb';
import { CREDENTIAL_EVIDENCE_TYPES, CREDENTIAL_OPTION_TYPES, CREDENTIAL_TYPES } from '@solutionz/shared';
import { gsi1, pk, sk } from './key-templates';

/**
 * Credentials (docs/product/credentials.md): a provider's trade registrations, insurance, qualifications and DBS
 * checks, the admin's queue of those waiting to be checked, the index of expiry dates the reminder worker reads,
 * and the admin's lists of schemes, kinds and levels. Every key format of these items is here and nowhere else.
 *
 *   credential          PK = USER#<providerId>         SK = CREDENTIAL#<credentialId>
 *     "a provider's credentials" (their editor, their public page, erasure): Query PK, SK begins_with CREDENTIAL#.
 *   credential count    PK = USER#<providerId>         SK = CREDENTIAL_COUNT
 *     moved in the transaction that adds or removes one, conditional on the cap.
 *   queue mark          PK = CREDENTIAL_QUEUE          SK = <submittedAt>#<credentialId>
 *                       GSI1 PK = CREDENTIAL_QUEUE#<type>, GSI1 SK = <submittedAt>#<credentialId>
 *     "waiting to be checked, oldest first" (of every type, or of one): Query ascending. A mark exists exactly
 *     while its credential is pending, written and removed in the same transaction as the credential.
 *   expiry mark         PK = CREDENTIAL_EXPIRY         SK = <expiresOn>#<credentialId>
 *     "checked credentials expiring between two days" (the reminder worker): Query SK BETWEEN. A mark exists
 *     exactly while its credential is verified and has an expiry date.
 *   option              PK = CREDENTIAL_OPTIONS        SK = <optionId>
 *     "every scheme, kind and level an admin changed or added": Query PK. A seeded option without an item is
 *     offered as seeded (CREDENTIAL_OPTION_SEED), so the seed needs no write and never overwrites an admin's change.
 */

export const credentialEntity = new Entity({
  model: { entity: 'credential', version: '1', service: 'solutionz' },
  attributes: {
    providerId: { type: 'string', required: true, readOnly: true },
    credentialId: { type: 'string', required: true, readOnly: true },
    type: { type: CREDENTIAL_TYPES, required: true, readOnly: true },
    optionId: { type: 'string' },
    name: { type: 'string' },
    number: { type: 'string' },
    insurer: { type: 'string' },
    coverPounds: { type: 'number' },
    awardingBody: { type: 'string' },
    issuedOn: { type: 'string' },
    expiresOn: { type: 'string' },
    status: { type: ['pending', 'verified', 'rejected'] as const, required: true },
    /** When it last went into the queue: its place there. */
    submittedAt: { type: 'string', required: true },
    checkedAt: { type: 'string' },
    checkedBy: { type: 'string' },
    rejectCode: { type: 'string' },
    rejectNote: { type: 'string' },
    evidenceType: { type: CREDENTIAL_EVIDENCE_TYPES },
    evidenceSize: { type: 'number' },
    /** Which reminders were mailed for the current expiry date ('30', '7'); cleared when the date changes. */
    remindersSent: { type: 'list', items: { type: 'string' } },
    /** Each write expects the version it read, so an admin's decision and the provider's edit take turns. */
    version: { type: 'number', required: true },
  },
  indexes: {
    byProvider: { pk: pk('USER#${providerId}', ['providerId']), sk: sk('CREDENTIAL#${credentialId}', ['credentialId']) },
  },
});

export const credentialCountEntity = new Entity({
  model: { entity: 'credentialCount', version: '1', service: 'solutionz' },
  attributes: {
    providerId: { type: 'string', required: true, readOnly: true },
    count: { type: 'number' },
  },
  indexes: {
    byProvider: { pk: pk('USER#${providerId}', ['providerId']), sk: sk('CREDENTIAL_COUNT', []) },
  },
});

export const credentialQueueMarkEntity = new Entity({
  model: { entity: 'credentialQueueMark', version: '1', service: 'solutionz' },
  attributes: {
    submittedAt: { type: 'string', required: true, readOnly: true },
    credentialId: { type: 'string', required: true, readOnly: true },
    providerId: { type: 'string', required: true, readOnly: true },
    type: { type: CREDENTIAL_TYPES, required: true, readOnly: true },
  },
  indexes: {
    oldestFirst: { pk: pk('CREDENTIAL_QUEUE', []), sk: sk('${submittedAt}#${credentialId}', ['submittedAt', 'credentialId']) },
    ofType: gsi1('CREDENTIAL_QUEUE#${type}', ['type'], '${submittedAt}#${credentialId}', ['submittedAt', 'credentialId']),
  },
});

export const credentialExpiryMarkEntity = new Entity({
  model: { entity: 'credentialExpiryMark', version: '1', service: 'solutionz' },
  attributes: {
    expiresOn: { type: 'string', required: true, readOnly: true },
    credentialId: { type: 'string', required: true, readOnly: true },
    providerId: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byDate: { pk: pk('CREDENTIAL_EXPIRY', []), sk: sk('${expiresOn}#${credentialId}', ['expiresOn', 'credentialId']) },
  },
});

export const credentialOptionEntity = new Entity({
  model: { entity: 'credentialOption', version: '1', service: 'solutionz' },
  attributes: {
    optionId: { type: 'string', required: true, readOnly: true },
    type: { type: CREDENTIAL_OPTION_TYPES, required: true, readOnly: true },
    name: { type: 'string', required: true },
    isActive: { type: 'boolean', required: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    all: { pk: pk('CREDENTIAL_OPTIONS', []), sk: sk('${optionId}', ['optionId']) },
  },
});
