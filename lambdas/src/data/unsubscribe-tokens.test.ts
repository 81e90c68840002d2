import { Entity } from 'electrodb';
import { describe, expect, it } from 'vitest';
import { jobAlertTokenEntity } from './job-alerts';
import { PARAMS_ONLY, pk, sk } from './key-templates';
import { messageMailsTokenEntity } from './message-mails';
import { providerUpdatesTokenEntity } from './provider-updates';
import { unsubscribeTokens } from './unsubscribe-tokens';

/**
 * The tokens as each kind defined its own before they had one factory: the stored items must stay exactly these
 * (keys, attributes and ElectroDB's tags), or the links in mails already sent would stop working.
 */
const fixed = { type: 'string', required: true, readOnly: true } as const;
const storedBefore = {
  jobAlertToken: new Entity({
    model: { entity: 'jobAlertToken', version: '1', service: 'solutionz' },
    attributes: { providerId: fixed, secret: fixed, createdAt: fixed },
    indexes: { byProvider: { pk: pk('USER#${providerId}', ['providerId']), sk: sk('JOB_ALERT_TOKEN', []) } },
  }),
  providerUpdatesToken: new Entity({
    model: { entity: 'providerUpdatesToken', version: '1', service: 'solutionz' },
    attributes: { clientId: fixed, secret: fixed, createdAt: fixed },
    indexes: { byClient: { pk: pk('USER#${clientId}', ['clientId']), sk: sk('PROVIDER_UPDATES_TOKEN', []) } },
  }),
  messageMailsToken: new Entity({
    model: { entity: 'messageMailsToken', version: '1', service: 'solutionz' },
    attributes: { userId: fixed, secret: fixed, createdAt: fixed },
    indexes: { byUser: { pk: pk('USER#${userId}', ['userId']), sk: sk('MESSAGE_MAILS_TOKEN', []) } },
  }),
};
const token = { secret: 's3cret', createdAt: '2026-09-21T10:00:00.000Z' };

describe('the unsubscribe tokens of one factory', () => {
  it('store a job alert token as before: PK USER#<providerId>, SK JOB_ALERT_TOKEN', () => {
    const params = jobAlertTokenEntity.create({ providerId: 'provider-1', ...token }).params(PARAMS_ONLY);
    expect(params).toEqual(storedBefore.jobAlertToken.create({ providerId: 'provider-1', ...token }).params(PARAMS_ONLY));
    expect(params.Item).toMatchObject({ PK: 'USER#provider-1', SK: 'JOB_ALERT_TOKEN', providerId: 'provider-1', ...token });
    expect(jobAlertTokenEntity.get({ providerId: 'provider-1' }).params(PARAMS_ONLY)).toEqual(
      storedBefore.jobAlertToken.get({ providerId: 'provider-1' }).params(PARAMS_ONLY),
    );
  });

  it('store a provider updates token as before: PK USER#<clientId>, SK PROVIDER_UPDATES_TOKEN', () => {
    const params = providerUpdatesTokenEntity.create({ clientId: 'client-1', ...token }).params(PARAMS_ONLY);
    expect(params).toEqual(storedBefore.providerUpdatesToken.create({ clientId: 'client-1', ...token }).params(PARAMS_ONLY));
    expect(params.Item).toMatchObject({ PK: 'USER#client-1', SK: 'PROVIDER_UPDATES_TOKEN', clientId: 'client-1', ...token });
    expect(providerUpdatesTokenEntity.get({ clientId: 'client-1' }).params(PARAMS_ONLY)).toEqual(
      storedBefore.providerUpdatesToken.get({ clientId: 'client-1' }).params(PARAMS_ONLY),
    );
  });

  it('store a message mails token as before: PK USER#<userId>, SK MESSAGE_MAILS_TOKEN', () => {
    const params = messageMailsTokenEntity.create({ userId: 'user-1', ...token }).params(PARAMS_ONLY);
    expect(params).toEqual(storedBefore.messageMailsToken.create({ userId: 'user-1', ...token }).params(PARAMS_ONLY));
    expect(params.Item).toMatchObject({ PK: 'USER#user-1', SK: 'MESSAGE_MAILS_TOKEN', userId: 'user-1', ...token });
    expect(messageMailsTokenEntity.get({ userId: 'user-1' }).params(PARAMS_ONLY)).toEqual(
      storedBefore.messageMailsToken.get({ userId: 'user-1' }).params(PARAMS_ONLY),
    );
  });

  it('read back a token stored the old way, and answer its owner for the link made of it', async () => {
    const stored = storedBefore.jobAlertToken.create({ providerId: 'provider-1', ...token }).params(PARAMS_ONLY).Item;
    const read = jobAlertTokenEntity.parse({ Item: stored }).data;
    expect(read).toEqual({ providerId: 'provider-1', ...token });
    const tokens = unsubscribeTokens({ read: async (owner) => (owner === read?.providerId ? read.secret : undefined), create: async () => undefined });
    expect(await tokens.tokenOf('provider-1', new Date())).toBe('provider-1.s3cret');
    expect(await tokens.ownerOf('provider-1.s3cret')).toBe('provider-1');
    expect(await tokens.ownerOf('provider-1.wrong!')).toBeUndefined();
  });
});
