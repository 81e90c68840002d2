import { Entity } from 'electrodb';
import { describe, expect, it } from 'vitest';
import { jobAlertClaimEntity } from './job-alerts';
import { PARAMS_ONLY, pk, sk } from './key-templates';
import { messageMailClaimEntity } from './message-mails';
import { providerUpdateClaimEntity } from './provider-updates';

/**
 * The claims as each kind defined its own before they had one factory: the stored items must stay exactly these
 * (keys, attributes and ElectroDB's tags), or the claims already in the table would no longer be read.
 */
const claimAttributes = {
  status: { type: ['sending', 'sent', 'failed'] as const, required: true },
  claimId: { type: 'string', required: true },
  claimedAt: { type: 'number', required: true },
  expiresAt: { type: 'number', required: true },
} as const;
const id = { type: 'string', required: true, readOnly: true } as const;

const storedBefore = {
  jobAlertClaim: new Entity({
    model: { entity: 'jobAlertClaim', version: '1', service: 'solutionz' },
    attributes: { jobId: id, providerId: id, ...claimAttributes, finishedAt: { type: 'string' } },
    indexes: { byJob: { pk: pk('JOB_ALERT#${jobId}', ['jobId']), sk: sk('PROVIDER#${providerId}', ['providerId']) } },
  }),
  providerUpdateClaim: new Entity({
    model: { entity: 'providerUpdateClaim', version: '1', service: 'solutionz' },
    attributes: { clientId: id, providerId: id, ...claimAttributes },
    indexes: { byClient: { pk: pk('USER#${clientId}', ['clientId']), sk: sk('PROVIDER_UPDATE#${providerId}', ['providerId']) } },
  }),
  messageMailClaim: new Entity({
    model: { entity: 'messageMailClaim', version: '1', service: 'solutionz' },
    attributes: { recipientId: id, conversationId: id, ...claimAttributes, through: { type: 'string' } },
    indexes: { byRecipient: { pk: pk('USER#${recipientId}', ['recipientId']), sk: sk('MESSAGE_MAIL#${conversationId}', ['conversationId']) } },
  }),
};

const claim = { status: 'sent', claimId: 'claim-1', claimedAt: 1_790_000_000_000, expiresAt: 1_790_600_000 } as const;

describe('the mail claims of one factory', () => {
  it('store a job alert claim as before: PK JOB_ALERT#<jobId>, SK PROVIDER#<providerId>, the same attributes and tags', () => {
    const item = { jobId: 'job-1', providerId: 'provider-1', ...claim, finishedAt: '2026-09-21T10:00:00.000Z' };
    const params = jobAlertClaimEntity.put(item).params(PARAMS_ONLY);
    expect(params).toEqual(storedBefore.jobAlertClaim.put(item).params(PARAMS_ONLY));
    expect(params.Item).toMatchObject({ PK: 'JOB_ALERT#job-1', SK: 'PROVIDER#provider-1', ...item });
    expect(jobAlertClaimEntity.query.byJob({ jobId: 'job-1' }).params(PARAMS_ONLY)).toEqual(
      storedBefore.jobAlertClaim.query.byJob({ jobId: 'job-1' }).params(PARAMS_ONLY),
    );
  });

  it('store a provider update claim as before: PK USER#<clientId>, SK PROVIDER_UPDATE#<providerId>', () => {
    const item = { clientId: 'client-1', providerId: 'provider-1', ...claim };
    const params = providerUpdateClaimEntity.put(item).params(PARAMS_ONLY);
    expect(params).toEqual(storedBefore.providerUpdateClaim.put(item).params(PARAMS_ONLY));
    expect(params.Item).toMatchObject({ PK: 'USER#client-1', SK: 'PROVIDER_UPDATE#provider-1', ...item });
    expect(providerUpdateClaimEntity.query.byClient({ clientId: 'client-1' }).params(PARAMS_ONLY)).toEqual(
      storedBefore.providerUpdateClaim.query.byClient({ clientId: 'client-1' }).params(PARAMS_ONLY),
    );
  });

  it('store a message mail claim as before: PK USER#<recipientId>, SK MESSAGE_MAIL#<conversationId>', () => {
    const item = { recipientId: 'user-1', conversationId: 'conversation-1', ...claim, through: '2026-09-21T10:00:00.000Z' };
    const params = messageMailClaimEntity.put(item).params(PARAMS_ONLY);
    expect(params).toEqual(storedBefore.messageMailClaim.put(item).params(PARAMS_ONLY));
    expect(params.Item).toMatchObject({ PK: 'USER#user-1', SK: 'MESSAGE_MAIL#conversation-1', ...item });
    expect(messageMailClaimEntity.query.byRecipient({ recipientId: 'user-1' }).params(PARAMS_ONLY)).toEqual(
      storedBefore.messageMailClaim.query.byRecipient({ recipientId: 'user-1' }).params(PARAMS_ONLY),
    );
  });

  it('read back an item stored the old way, with only the attributes of its kind', () => {
    const stored = storedBefore.messageMailClaim
      .put({ recipientId: 'user-1', conversationId: 'conversation-1', ...claim, through: 'then' })
      .params(PARAMS_ONLY).Item;
    expect(messageMailClaimEntity.parse({ Item: stored }).data).toEqual({ recipientId: 'user-1', conversationId: 'conversation-1', ...claim, through: 'then' });
    // Each kind keeps to its own attributes: a job alert claim has no `through`.
    expect(
      jobAlertClaimEntity.put({ jobId: 'job-1', providerId: 'provider-1', ...claim, through: 'then' } as never).params(PARAMS_ONLY).Item,
    ).not.toHaveProperty('through');
  });
});
