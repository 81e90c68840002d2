import { Entity } from 'electrodb';
import { CLAIM_STATES } from '@solutionz/shared';
import { gsi1, gsi2, pk, sk } from './key-templates';

/**
 * The claim of an admin-listed business: one item per business, so "claimed once" is the conditional
 * create of that item (a refused claim may be replaced, nothing else may).
 *   "the claim of a business": GetItem PK = BUSINESS#<businessId>, SK = CLAIM.
 *   "claims in a state, newest first" (the admin's review list): Query GSI1 PK = CLAIMS#<state>, descending.
 *   "the claimant's claims" (their dashboard): Query GSI2 PK = CLAIMANT#<userId>.
 */
export const claimEntity = new Entity({
  model: { entity: 'claim', version: '1', service: 'solutionz' },
  attributes: {
    businessId: { type: 'string', required: true, readOnly: true },
    claimId: { type: 'string', required: true },
    businessName: { type: 'string', required: true },
    /** The claimant's account; empty on a claim whose account was never made, which cannot be decided. */
    claimantUserId: { type: 'string', required: true },
    claimantEmail: { type: 'string', required: true },
    state: { type: CLAIM_STATES, required: true },
    createdAt: { type: 'string', required: true },
    decidedAt: { type: 'string' },
    decidedBy: { type: 'string' },
    refusalReason: { type: 'string' },
  },
  indexes: {
    byBusiness: { pk: pk('BUSINESS#${businessId}', ['businessId']), sk: sk('CLAIM', []) },
    byState: gsi1('CLAIMS#${state}', ['state'], '${createdAt}#${businessId}', ['createdAt', 'businessId']),
    byClaimant: gsi2('CLAIMANT#${claimantUserId}', ['claimantUserId'], '${createdAt}#${businessId}', ['createdAt', 'businessId']),
  },
});
