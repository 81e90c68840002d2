import { describe, expect, it, vi } from 'vitest';
import type { OutgoingMail } from '../adapters/ses-mailer';
import { sendClaimed } from './mail-delivery';

const mail: OutgoingMail = { to: 'someone@example.co.uk', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' };

function setup(sendResults: ('ok' | 'fail')[]) {
  const results = [...sendResults];
  const send = vi.fn(async () => {
    if (results.shift() === 'fail') throw new Error('SES said no');
  });
  const pause = vi.fn(async () => undefined);
  const sent = vi.fn(async () => undefined);
  const failed = vi.fn(async () => undefined);
  return { deps: { mailer: { send }, pause }, send, pause, sent, failed };
}

describe('sendClaimed: claim, compose, send with retries, record', () => {
  it('sends under the claim and records it sent, retrying a failed try after a pause', async () => {
    const { deps, send, pause, sent, failed } = setup(['fail', 'ok']);
    const outcome = await sendClaimed(deps, { claim: async () => 'c1', compose: async () => mail, attempts: 3, sent, failed });
    expect(outcome).toBe('sent');
    expect(send).toHaveBeenCalledTimes(2);
    expect(pause).toHaveBeenCalledWith(1);
    expect(sent).toHaveBeenCalledWith('c1');
    expect(failed).not.toHaveBeenCalled();
  });

  it('records the claim failed with the last error after every try failed', async () => {
    const { deps, send, sent, failed } = setup(['fail', 'fail']);
    const outcome = await sendClaimed(deps, { claim: async () => 'c1', compose: async () => mail, attempts: 2, sent, failed });
    expect(outcome).toBe('failed');
    expect(send).toHaveBeenCalledTimes(2);
    expect(failed).toHaveBeenCalledWith('c1', 'SES said no');
    expect(sent).not.toHaveBeenCalled();
  });

  it('sends nothing when the claim is held already', async () => {
    const { deps, send, sent, failed } = setup(['ok']);
    const compose = vi.fn(async () => mail);
    expect(await sendClaimed(deps, { claim: async () => undefined, compose, attempts: 2, sent, failed })).toBe('skipped');
    expect(compose).not.toHaveBeenCalled();
    expect(send).not.toHaveBeenCalled();
  });

  it('releases the claim as failed, without an error, when the mail is withheld', async () => {
    const { deps, send, sent, failed } = setup(['ok']);
    expect(await sendClaimed(deps, { claim: async () => 'c1', compose: async () => undefined, attempts: 2, sent, failed })).toBe('withheld');
    expect(send).not.toHaveBeenCalled();
    expect(failed).toHaveBeenCalledWith('c1');
  });
});
