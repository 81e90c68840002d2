import { Entity } from 'electrodb';
import { pk, sk } from './key-templates';

/**
 * The claim of a notification mail: the right to send one kind of mail about one thing to one person, taken by a
 * conditional put before the mail goes (`sending`), then marked `sent` or `failed`. Job alerts, provider updates and
 * message mails each keep theirs under keys of their own (given to `mailClaimEntity`); what a claim holds is the same.
 */

/** A claim in `sending` this long is taken to be from a worker that died mid-send, and may be taken over. */
export const STALE_CLAIM_MS = 5 * 60 * 1000;

/** One key of a claim: the text before the id, and the attribute holding the id (`JOB_ALERT#` and `jobId` make `JOB_ALERT#<jobId>`). */
interface ClaimKeyPart<N extends string> {
  readonly prefix: string;
  readonly attribute: N;
}

const idAttribute = { type: 'string', required: true, readOnly: true } as const;
type IdAttributes<N extends string> = { readonly [name in N]: typeof idAttribute };

/**
 * The ElectroDB entity of one kind of mail claim, stored under `PK = <partition prefix><id>`,
 * `SK = <sort prefix><id>` and queried by the access pattern `index`; `more` adds the attributes of that kind.
 */
export function mailClaimEntity<
  const P extends string,
  const S extends string,
  const I extends string,
  const M extends Record<string, { readonly type: 'string' }>,
>(options: { readonly entity: string; readonly index: I; readonly partition: ClaimKeyPart<P>; readonly sort: ClaimKeyPart<S>; readonly more: M }) {
  const { entity, index, partition, sort, more } = options;
  const ids = { [partition.attribute]: idAttribute, [sort.attribute]: idAttribute } as IdAttributes<P | S>;
  const keys = {
    pk: pk(`${partition.prefix}\${${partition.attribute}}`, [partition.attribute]),
    sk: sk(`${sort.prefix}\${${sort.attribute}}`, [sort.attribute]),
  };
  return new Entity({
    model: { entity, version: '1', service: 'solutionz' },
    attributes: {
      ...ids,
      status: { type: ['sending', 'sent', 'failed'] as const, required: true },
      claimId: { type: 'string', required: true },
      /** Epoch ms. */
      claimedAt: { type: 'number', required: true },
      expiresAt: { type: 'number', required: true },
      ...more,
    },
    indexes: { [index]: keys } as { readonly [name in I]: typeof keys },
  });
}
