import { randomBytes, timingSafeEqual } from 'node:crypto';
import { Entity } from 'electrodb';
import { pk, sk } from './key-templates';
import { isConditionFailure } from './write-outcomes';

const fixed = { type: 'string', required: true, readOnly: true } as const;

/**
 * The ElectroDB entity of one kind of unsubscribe token: one secret per person, created once, stored under
 * `PK = USER#<owner>`, `SK = <sortKey>` and read by the access pattern `index`.
 */
export function unsubscribeTokenEntity<const O extends string, const I extends string>(options: {
  readonly entity: string;
  readonly index: I;
  readonly owner: O;
  readonly sortKey: string;
}) {
  const { entity, index, owner, sortKey } = options;
  const keys = { pk: pk(`USER#\${${owner}}`, [owner]), sk: sk(sortKey, []) };
  return new Entity({
    model: { entity, version: '1', service: 'solutionz' },
    attributes: { ...({ [owner]: fixed } as { readonly [name in O]: typeof fixed }), secret: fixed, createdAt: fixed },
    indexes: { [index]: keys } as { readonly [name in I]: typeof keys },
  });
}

/** Where a kind of unsubscribe token is stored: one secret per person, created once. */
export interface TokenStore {
  read(ownerId: string): Promise<string | undefined>;
  /** Creates the secret; throws the condition failure when the person has one already. */
  create(ownerId: string, secret: string, createdAt: string): Promise<void>;
}

const SEPARATOR = '.';

/**
 * The token of a notification mail's unsubscribe link: `<ownerId>.<secret>`, so checking it is one read,
 * compared in constant time.
 */
export function unsubscribeTokens(store: TokenStore) {
  return {
    async tokenOf(ownerId: string, now: Date): Promise<string> {
      let secret = await store.read(ownerId);
      if (!secret) {
        const created = randomBytes(24).toString('base64url');
        try {
          await store.create(ownerId, created, now.toISOString());
          secret = created;
        } catch (error) {
          // Two mails for the same person at once: the first one's token is everyone's.
          if (!isConditionFailure(error)) throw error;
          secret = await store.read(ownerId);
        }
      }
      if (!secret) throw new Error(`The unsubscribe token of ${ownerId} was neither found nor created`);
      return `${ownerId}${SEPARATOR}${secret}`;
    },

    /** Whose token this is, or undefined for one that is malformed, unknown or wrong. */
    async ownerOf(token: string): Promise<string | undefined> {
      const at = token.indexOf(SEPARATOR);
      if (at <= 0) return undefined;
      const ownerId = token.slice(0, at);
      const given = Buffer.from(token.slice(at + 1));
      const stored = await store.read(ownerId);
      if (!stored) return undefined;
      const expected = Buffer.from(stored);
      return given.length === expected.length && timingSafeEqual(given, expected) ? ownerId : undefined;
    },
  };
}
