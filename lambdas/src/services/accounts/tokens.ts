import { createHash } from 'node:crypto';
import type { TokenPurpose } from '../../data/accounts';
import type { TokenRecord } from '../../data/link-token-repository';
import type { AccountsDeps } from './deps';

/** Only this digest is stored: a leaked table gives no usable link. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new link token: the raw value for the mail and the record to store. */
export function issueToken(
  deps: Pick<AccountsDeps, 'random' | 'clock'>,
  purpose: TokenPurpose,
  user: { userId: string; email: string },
  ttlHours: number,
): { raw: string; record: TokenRecord } {
  const now = deps.clock();
  const raw = deps.random.token();
  return {
    raw,
    record: {
      tokenHash: hashToken(raw),
      purpose,
      userId: user.userId,
      email: user.email,
      expiresAt: Math.floor(now.getTime() / 1000) + ttlHours * 3600,
      createdAt: now.toISOString(),
    },
  };
}

/** A stored token that can still be redeemed for this purpose. */
export function isRedeemable(token: TokenRecord | undefined, purpose: TokenPurpose, now: Date): token is TokenRecord {
  return !!token && token.purpose === purpose && !token.usedAt && token.expiresAt > Math.floor(now.getTime() / 1000);
}
