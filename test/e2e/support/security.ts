import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { SECURITY_MESSAGES } from '@solutionz/shared';
import { generateSync } from 'otplib';
import type { PresignedUpload } from '@solutionz/shared';
import { signInTokens } from '../../support/local-stack';
import type { Accounts } from './fixtures';
import { mailsTo, nowInSeconds, type InboxMail } from './inbox';
import { expectSignedOutHeader } from './session';

/** The security tab of /account, loaded (its heading shown). */
export async function openSecurityTab(page: Page): Promise<void> {
  await page.goto('/account?tab=security');
  await expect(page.getByRole('heading', { level: 2, name: 'Account Security' })).toBeVisible();
}

/** The mail to `to` since `since` whose subject contains `subject`, waiting for it to arrive. */
export async function mailWithSubject(to: string, subject: string, since: number, timeoutMs = 10_000): Promise<InboxMail> {
  let found: InboxMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(to, since)).find((mail) => mail.subject.includes(subject));
        return Boolean(found);
      },
      { message: `a mail "${subject}" to ${to}`, timeout: timeoutMs },
    )
    .toBe(true);
  return found!;
}

/** The code an authenticator app shows now for `secret`. */
export const totpCode = (secret: string) => generateSync({ secret });

/** A 6-digit code that is not the current one, nor one a window either side (which Cognito may still accept). */
export function wrongTotpCode(secret: string): string {
  const near = new Set([-30, 0, 30].map((shift) => generateSync({ secret, epoch: nowInSeconds() + shift })));
  for (let candidate = 123_456; ; candidate = (candidate + 111_111) % 1_000_000) {
    const code = String(candidate).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}

/**
 * Tokens count in whole seconds, and the API refuses those issued in an earlier second than the
 * account's "valid after" time: a session that must be ended by a sign-out elsewhere is made in an
 * earlier second than that sign-out. Resolves once the clock is past `signedInAt` (epoch seconds),
 * at once when it already is, as it mostly is by the time a test signs out elsewhere.
 */
export async function untilSecondAfter(signedInAt: number): Promise<void> {
  if (nowInSeconds() > signedInAt) return;
  await expect.poll(nowInSeconds, { intervals: [50] }).toBeGreaterThan(signedInAt);
}

/** The Authorization header of a fresh session of the account, for calling the API as it. */
export async function bearer(account: { email: string; password: string }): Promise<{ Authorization: string }> {
  return { Authorization: `Bearer ${(await signInTokens(account.email, account.password)).accessToken}` };
}

/** Whether the local Cognito signs the address in with the password (what the sign-in form would get). */
export function signsIn(email: string, password: string): Promise<boolean> {
  return signInTokens(email, password).then(
    () => true,
    (error: { name?: string }) => {
      if (error.name === 'NotAuthorizedException' || error.name === 'UserNotFoundException') return false;
      throw error;
    },
  );
}

/** The smallest valid PNG (1 x 1 pixel): enough for the avatar pipeline to decode and re-encode. */
const ONE_PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/**
 * Gives the account a profile picture the way the browser does (a presigned POST to the bucket, then
 * the API checks and links it), and leaves one more upload that was never linked: afterwards the
 * account has files under both of its avatar prefixes.
 */
export async function giveAvatar(request: APIRequestContext, account: { email: string; password: string }): Promise<{ avatarUrl: string }> {
  const headers = await bearer(account);
  const upload = async () => {
    const grant = await request.post('/api/me/avatar/upload', { headers, data: { contentType: 'image/png', size: ONE_PIXEL_PNG.length } });
    expect(grant.status(), await grant.text()).toBe(201);
    const { url, fields, key } = (await grant.json()) as PresignedUpload;
    const stored = await request.post(url, { multipart: { ...fields, file: { name: 'me.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG } } });
    expect(stored.ok(), await stored.text()).toBe(true);
    return key;
  };
  const linked = await request.put('/api/me/avatar', { headers, data: { key: await upload() } });
  expect(linked.status(), await linked.text()).toBe(200);
  await upload();
  return (await linked.json()) as { avatarUrl: string };
}

/** 2-step verification turned on through the API, as the security tab does it; the authenticator's secret. */
export async function turnOnTwoStepThroughApi(request: APIRequestContext, account: { email: string; password: string }): Promise<string> {
  const headers = await bearer(account);
  const setup = await request.post('/api/me/mfa/totp/setup', { headers, data: { password: account.password } });
  expect(setup.ok(), await setup.text()).toBe(true);
  const { secret } = (await setup.json()) as { secret: string };
  const enabled = await request.post('/api/me/mfa/totp/enable', { headers, data: { password: account.password, code: totpCode(secret) } });
  expect(enabled.ok(), await enabled.text()).toBe(true);
  return secret;
}

/**
 * A second browser signed in as the account and showing its profile: a session that a change made elsewhere must end.
 * `signedInAt`: the second its session was made in (untilSecondAfter).
 */
export async function signedInElsewhere(
  browser: Browser,
  baseURL: string | undefined,
  accounts: Accounts,
  account: { email: string; password: string },
): Promise<{ context: BrowserContext; page: Page; signedInAt: number }> {
  const context = await browser.newContext({ baseURL });
  await accounts.signIn(context, account);
  const signedInAt = nowInSeconds();
  const page = await context.newPage();
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  return { context, page, signedInAt };
}

/** The page's session was ended elsewhere: reloaded, it is sent to sign in, with the reason. */
export async function expectSessionEnded(page: Page): Promise<void> {
  await page.reload();
  await expect(page.getByText(SECURITY_MESSAGES.sessionRevoked)).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await expectSignedOutHeader(page);
}
