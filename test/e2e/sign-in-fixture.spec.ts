import type { MeResponse } from '@solutionz/shared';
import { expect, test } from './support/fixtures';
import { accountMenu } from './support/session';

/**
 * The fixture every later browser test starts from: a fresh account of the asked-for type, signed in by
 * tokens from the local Cognito handed to the page, never by the form.
 */
for (const accountType of ['client', 'provider', 'admin'] as const) {
  test.describe(`signed in as a ${accountType}`, () => {
    test.use({ signedInAs: accountType });

    test('the page shows the signed-in avatar menu without visiting /login, and /api/me is that account', async ({ page, account }) => {
      const visited: string[] = [];
      page.on('framenavigated', (frame) => visited.push(new URL(frame.url()).pathname));
      // The app itself never signs in: no password reaches Cognito from the page.
      const passwordSignIns: string[] = [];
      page.on('request', (request) => {
        if (request.headers()['x-amz-target']?.endsWith('.InitiateAuth')) passwordSignIns.push(request.url());
      });

      const me = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/me');
      await page.goto('/');
      await expect(accountMenu(page, account.fullName)).toBeVisible();
      await accountMenu(page, account.fullName).click();
      await expect(page.getByRole('menuitem', { name: 'Sign Out' })).toBeVisible();

      const answer = await me;
      expect(answer.status()).toBe(200);
      expect(await answer.json()).toMatchObject({ userId: account.userId, email: account.email, accountType } satisfies Partial<MeResponse>);
      expect(answer.request().headers().authorization).toMatch(/^Bearer /);

      expect(visited).not.toContain('/login');
      expect(visited).not.toContain('/admin-login');
      expect(passwordSignIns).toEqual([]);
    });
  });
}

test.describe('signed in as a provider with a membership', () => {
  test.use({ signedInAs: 'provider', membership: 'yearly' });

  test('the provider starts as a member on that plan, bought through the checkout and the local Stripe', async ({ page, account }) => {
    const me = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/me');
    await page.goto('/');
    await expect(accountMenu(page, account.fullName)).toBeVisible();
    const { subscription } = (await (await me).json()) as MeResponse;
    expect(subscription).toMatchObject({ isSubscribed: true, tier: 'yearly', cancelAtPeriodEnd: false } satisfies Partial<MeResponse['subscription']>);
  });
});

test.describe('signed out', () => {
  test('a test that asks for no account starts signed out', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  });
});
