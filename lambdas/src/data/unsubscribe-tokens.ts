import { randomBytes, timingSafeEqual } from 'node:crypto';
import { isConditionFailure } from './write-outcomes';

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
