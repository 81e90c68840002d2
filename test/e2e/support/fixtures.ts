import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import type { AccountType, MembershipPlan } from '@solutionz/shared';
import { createTestAccount, signInTokens, stack, type SessionTokens, type TestAccount } from '../../support/local-stack';
import { subscribeAccount } from '../../support/membership';

export { expect };
export type { TestAccount };

/**
 * What Amplify keeps in local storage after a password sign-in (aws-amplify v6 TokenStore): the web app
 * finds these on start-up and is signed in, exactly as after using the form.
 */
function amplifySession(username: string, tokens: SessionTokens): { name: string; value: string }[] {
  const prefix = `CognitoIdentityServiceProvider.${stack.userPoolClientId}`;
  const user = `${prefix}.${username}`;
  return [
    { name: `${prefix}.LastAuthUser`, value: username },
    { name: `${user}.accessToken`, value: tokens.accessToken },
    { name: `${user}.idToken`, value: tokens.idToken },
    { name: `${user}.refreshToken`, value: tokens.refreshToken },
    { name: `${user}.clockDrift`, value: '0' },
    { name: `${user}.signInDetails`, value: JSON.stringify({ loginId: username, authFlowType: 'USER_PASSWORD_AUTH' }) },
  ];
}

/**
 * Signs the browser context of `page` in as `account`: tokens from the local Cognito, written where Amplify
 * keeps them. Any document of the site's origin reaches its local storage; the runtime config runs no app code.
 */
async function writeSession(page: Page, baseURL: string, account: Pick<TestAccount, 'email' | 'password'>, tokens?: SessionTokens): Promise<void> {
  const entries = amplifySession(account.email, tokens ?? (await signInTokens(account.email, account.password)));
  await page.goto(new URL('/config.json', baseURL).href);
  await page.evaluate(`for (const { name, value } of ${JSON.stringify(entries)}) localStorage.setItem(name, value);`);
}

const livePages = new WeakSet<Page>();

interface SignedInAccount {
  readonly account: TestAccount;
  readonly tokens: SessionTokens;
}

/**
 * The accounts tests start signed in as, each made and signed in while the worker's test before it runs: making one
 * is a handful of calls to the local Cognito and DynamoDB, which the test would otherwise wait for before its first
 * page. One is kept ready for each kind of start tests ask for (account type, address confirmed or not), and each
 * goes to one test.
 */
const madeAhead = new Map<string, Promise<SignedInAccount>>();

function makeSignedIn(accountType: AccountType, emailConfirmed: boolean): Promise<SignedInAccount> {
  const made = (async () => {
    const account = await createTestAccount(accountType, { emailConfirmed });
    return { account, tokens: await signInTokens(account.email, account.password) };
  })();
  // Said when a test takes it, which makes another instead.
  made.catch(() => undefined);
  return made;
}

function takeSignedIn(accountType: AccountType, emailConfirmed: boolean): Promise<SignedInAccount> {
  const kind = `${accountType} ${emailConfirmed}`;
  const ready = madeAhead.get(kind);
  madeAhead.set(kind, makeSignedIn(accountType, emailConfirmed));
  return ready?.catch(() => makeSignedIn(accountType, emailConfirmed)) ?? makeSignedIn(accountType, emailConfirmed);
}

export interface Accounts {
  /** A fresh account of its own (unique e-mail, confirmed unless `emailConfirmed: false`). */
  create(accountType: AccountType, overrides?: Parameters<typeof createTestAccount>[1]): Promise<TestAccount>;
  /** Signs `context` in as `account` without the form; its pages opened from now on start signed in. */
  signIn(context: BrowserContext, account: Pick<TestAccount, 'email' | 'password'>): Promise<void>;
}

interface Fixtures {
  /**
   * The account type a test starts signed in as (`test.use({ signedInAs: 'client' })`), through a fresh
   * account and tokens from the local Cognito handed to the page as its Amplify session, so only the
   * sign-in form's own tests fill in the form. Unset: the test starts signed out.
   */
  signedInAs: AccountType | undefined;
  /** With `signedInAs: false` on the profile: the account's e-mail address is not yet confirmed. */
  emailConfirmed: boolean;
  /**
   * With `signedInAs: 'provider'`: the provider starts as a member on this plan, bought through the
   * checkout and the local Stripe before the page opens (`test.use({ signedInAs: 'provider', membership: 'yearly' })`).
   */
  membership: MembershipPlan | undefined;
  /** The account the test is signed in as (needs `signedInAs`). */
  account: TestAccount;
  accounts: Accounts;
}

export const test = base.extend<Fixtures & { signedInAccount: SignedInAccount | undefined }>({
  signedInAs: [undefined, { option: true }],
  emailConfirmed: [true, { option: true }],
  membership: [undefined, { option: true }],

  accounts: async ({ baseURL }, use) => {
    await use({
      create: (accountType, overrides) => createTestAccount(accountType, overrides),
      async signIn(context, account) {
        const page = await context.newPage();
        await writeSession(page, baseURL!, account);
        await page.close();
      },
    });
  },

  // A timeout of its own: making the account and buying the membership (checkout, then the local Stripe's webhooks)
  // took up to 27 s of a test's 30 on a busy CI machine, and the test timed out before its first step had run.
  signedInAccount: [
    async ({ signedInAs, emailConfirmed, membership }, use) => {
      if (membership && signedInAs !== 'provider') throw new Error("Only providers buy a membership: test.use({ signedInAs: 'provider', membership })");
      const signedIn = signedInAs ? await takeSignedIn(signedInAs, emailConfirmed) : undefined;
      if (signedIn && membership) await subscribeAccount(signedIn.account, membership);
      await use(signedIn);
    },
    { timeout: 60_000 },
  ],

  // Signed in through the page rather than the context's storage state: a context made with a storage
  // state of its own could not be reused from one test to the next (reuseContext in playwright.config.ts).
  page: async ({ page, signedInAccount, baseURL }, use) => {
    if (signedInAccount) await writeSession(page, baseURL!, signedInAccount.account, signedInAccount.tokens);
    // A page that arrives server-rendered (the home page, a provider's page) shows before the app has hydrated it, and keys
    // pressed until then do nothing. Like a person who waits for the page to answer, a test goes on once it is live.
    // The page is reused from test to test (reuseContext): it is given the waiting goto once.
    if (!livePages.has(page)) {
      livePages.add(page);
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        await page.locator('#root[data-prerendered]').waitFor({ state: 'detached' });
        return response;
      };
    }
    await use(page);
  },

  // Playwright clears a reused context's storage, cookies, cache, pages and clock between tests; what a
  // test may change besides (permissions it granted, the position it set) goes back to the options too.
  context: async ({ context, permissions, geolocation }, use) => {
    await use(context);
    await context.clearPermissions();
    if (permissions?.length) await context.grantPermissions(permissions);
    await context.setGeolocation(geolocation ?? null);
  },

  account: async ({ signedInAccount }, use) => {
    if (!signedInAccount) throw new Error('The account fixture needs test.use({ signedInAs: ... })');
    await use(signedInAccount.account);
  },
});
