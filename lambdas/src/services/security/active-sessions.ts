import { randomUUID } from 'node:crypto';
import { REFRESH_TOKEN_VALIDITY_DAYS, SESSIONS_PER_PERSON } from '@solutionz/shared';
import type { AuthorizedCaller } from '../../auth/caller';
import type { AccountStandingReader } from '../../data/account-standing';
import { epochSeconds } from '../../data/epoch-seconds';
import type { SessionRecord, SessionRepository } from '../../data/session-repository';

/**
 * The sessions the admin analytics counts as active (data/sessions.ts): a sign-in starts one (Cognito's
 * post-authentication trigger), and it ends at sign-out, at a sign-out everywhere (and everything that
 * signs out everywhere: a password change or reset, an e-mail change, an admin's deactivation, the
 * account's erasure) or when its refresh token runs out.
 */
export interface SessionDeps {
  readonly sessions: Pick<SessionRepository, 'change'>;
  readonly clock: () => Date;
}

const DAY_S = 86_400;

/**
 * How far a token's `auth_time` may be from the sign-in we recorded and still name it: the trigger runs
 * just before Cognito issues the tokens, on another machine's clock.
 */
const SIGN_IN_MATCH_S = 60;

const stillRunning = (now: number) => (session: SessionRecord) => session.expiresAt > now;

/**
 * Records a sign-in as a session of the person, expiring with its refresh token. Sessions that ran out
 * go, and beyond SESSIONS_PER_PERSON the oldest end: one account signing in over and over counts a few
 * times at most. A sign-in of someone without a profile (an account being created) or of a deactivated
 * account (Cognito refuses those; cognito-local does not) is not counted.
 */
export async function recordSignIn(deps: SessionDeps & { readonly standing: AccountStandingReader }, userId: string): Promise<SessionRecord | undefined> {
  const standing = await deps.standing(userId);
  if (!standing?.isActive) return undefined;
  const now = epochSeconds(deps.clock());
  const session: SessionRecord = { sessionId: randomUUID(), signedInAt: now, expiresAt: now + REFRESH_TOKEN_VALIDITY_DAYS * DAY_S };
  await deps.sessions.change(userId, (current) =>
    [...current.filter(stillRunning(now)), session].sort((a, b) => a.signedInAt - b.signedInAt).slice(-SESSIONS_PER_PERSON),
  );
  return session;
}

/**
 * Ends the session a token belongs to: the recorded sign-in nearest the token's `auth_time` (which
 * Cognito keeps through refreshes), within SIGN_IN_MATCH_S. Two sign-ins of one person in the same
 * second are alike to it: either ends. True when one ended.
 */
export async function endSignIn(deps: SessionDeps, userId: string, authTime: number): Promise<boolean> {
  const now = epochSeconds(deps.clock());
  const { removed } = await deps.sessions.change(userId, (current) => {
    const distance = (session: SessionRecord) => Math.abs(session.signedInAt - authTime);
    const nearest = current.filter((session) => distance(session) <= SIGN_IN_MATCH_S).sort((a, b) => distance(a) - distance(b))[0];
    return current.filter((session) => session !== nearest && stillRunning(now)(session));
  });
  return removed.some((session) => Math.abs(session.signedInAt - authTime) <= SIGN_IN_MATCH_S);
}

/** Ends every session of the person. */
export async function endAllSignIns(deps: Pick<SessionDeps, 'sessions'>, userId: string): Promise<void> {
  await deps.sessions.change(userId, () => []);
}

/**
 * The caller signs out of this device (the web calls it before it drops its tokens). A token without
 * `auth_time` names no sign-in: nothing ends, and the answer is the same, as it is when the session had
 * already ended.
 */
export async function signOut(deps: SessionDeps, caller: AuthorizedCaller): Promise<{ signedOut: true }> {
  if (caller.authTime !== undefined) await endSignIn(deps, caller.userId, caller.authTime);
  return { signedOut: true };
}

/** The admin analytics' figure: sessions whose refresh token has not run out (to the hour) and that did not end. */
export function activeSessions(deps: { readonly sessions: Pick<SessionRepository, 'activeCount'>; readonly clock: () => Date }): Promise<number> {
  return deps.sessions.activeCount(deps.clock());
}
