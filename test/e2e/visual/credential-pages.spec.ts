import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { AuthorizedCaller } from '@solutionz/lambdas/auth/caller';
import { createS3MediaStorage } from '@solutionz/lambdas/adapters/s3-media';
import { createRepositories } from '@solutionz/lambdas/data/repositories';
import { createTableStore } from '@solutionz/lambdas/data/table-store';
import { attachEvidence, createEvidenceUpload } from '@solutionz/lambdas/services/credentials/evidence';
import { createCredential } from '@solutionz/lambdas/services/credentials/own';
import { decideCredential } from '@solutionz/lambdas/services/credentials/review';
import type { CredentialDecision, CredentialInput } from '@solutionz/shared';
import { documents, s3, stack, type TestAccount } from '../../support/local-stack';
import type { Accounts } from '../support/fixtures';
import { atEveryWidth, expect, expectPageToMatch, test } from '../support/visual';
import { VISUAL_NOW } from './visual-data';

/**
 * The credentials screens (docs/product/credentials.md), drawn as a phone and a desktop draw them: the provider's
 * editor, the admin's queue and the provider's page. The credentials are written through the services with the
 * clock at VISUAL_NOW, so the days shown never change.
 */

const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');
const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const sameWidthEmail = () => `visual-${String(randomInt(10 ** 9, 10 ** 10))}@example.co.uk`;

const credentialDeps = () => {
  const repositories = createRepositories(documents, stack.tableName);
  const files = createS3MediaStorage(s3, stack.buckets.portfolio);
  let n = 0;
  return {
    ...repositories,
    evidenceFiles: files,
    mailer: { send: async () => undefined },
    clock: () => VISUAL_NOW,
    random: { id: () => `${Date.now().toString(36)}-${(n++).toString(36)}-${randomInt(10 ** 6)}` },
  };
};

const callerOf = (account: Pick<TestAccount, 'userId'>, accountType: 'provider' | 'admin'): AuthorizedCaller => ({
  kind: 'signedIn',
  userId: account.userId,
  groups: [accountType],
  accountType,
  subscribed: accountType === 'provider',
  emailConfirmed: true,
});

const CHECKER = { userId: 'visual-admin-checker' };

/** A credential with its document, then the admin's decision, if any. */
async function writeCredential(provider: TestAccount, input: CredentialInput, decision?: CredentialDecision): Promise<string> {
  const deps = credentialDeps();
  const caller = callerOf(provider, 'provider');
  const added = await createCredential(deps, caller, input);
  const grant = await createEvidenceUpload(deps, caller, added.id, { name: 'evidence.pdf', type: 'application/pdf', size: pdf.length });
  await deps.evidenceFiles.write(grant.key, pdf, 'application/pdf', 'no-cache');
  await attachEvidence(deps, caller, added.id, grant.uploadId);
  if (decision) await decideCredential(deps, callerOf(CHECKER, 'admin'), provider.userId, added.id, decision);
  return added.id;
}

/** A listed member with a checked insurance and registration, a qualification waiting and a DBS check rejected. */
async function memberWithCredentials(accounts: Accounts, businessName: string): Promise<TestAccount> {
  const member = await accounts.create('provider', { businessName, email: sameWidthEmail() });
  await createTableStore(documents, stack.tableName)
    .entities.profile.patch({ userId: member.userId })
    .set({ subscriptionTier: 'yearly', cancelAtPeriodEnd: false })
    .go();
  await createRepositories(documents, stack.tableName).directory.syncListing(member.userId, new Date());
  await writeCredential(
    member,
    { type: 'insurance', optionId: 'public-liability', insurer: 'Aviva', coverPounds: 5_000_000, expiresOn: '2030-03-31' },
    { decision: 'verify' },
  );
  await writeCredential(member, { type: 'registration', optionId: 'gas-safe', number: '556677' }, { decision: 'verify' });
  await writeCredential(member, { type: 'qualification', name: 'NVQ Level 3 Plumbing and Heating', awardingBody: 'City & Guilds', issuedOn: '2018-07-12' });
  await writeCredential(
    member,
    { type: 'dbs', optionId: 'dbs-basic', issuedOn: '2025-11-04' },
    { decision: 'reject', reason: { code: 'misleading', note: 'The name on the certificate does not match the account.' } },
  );
  return member;
}

test.describe('credentials', () => {
  atEveryWidth((width) => {
    test('the provider’s editor and their page', async ({ page, accounts }) => {
      test.slow();
      const businessName = width < 1000 ? 'Pennine Plumbing' : 'Calder Plumbing';
      const member = await memberWithCredentials(accounts, businessName);
      await accounts.signIn(page.context(), member);
      await page.goto('/account?tab=credentials');
      await expect(page.getByRole('heading', { level: 2, name: 'Credentials' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Your credentials' }).getByRole('listitem')).toHaveCount(4);
      await expectPageToMatch(page, 'credentials-editor');

      await page.goto(`/directory/${member.userId}`);
      await expect(h1(page, businessName)).toBeVisible();
      await expect(page.getByRole('region', { name: 'Checked credentials' }).getByRole('listitem')).toHaveCount(2);
      // The day the account was made is today's, not the frozen clock's.
      await expectPageToMatch(page, 'credentials-provider-page', [page.getByText(/^Member since /)]);
    });
  });

  test.describe('the admin', () => {
    test.use({ signedInAs: 'admin' });

    // Both widths in one test: the queue shows every DBS check waiting, and two tests at once would each see the other's.
    test('checks the queue', async ({ page, accounts }) => {
      test.slow();
      const member = await accounts.create('provider', { businessName: 'Truro Electrical', email: sameWidthEmail() });
      const id = await writeCredential(member, { type: 'dbs', optionId: 'dbs-enhanced', issuedOn: '2025-09-01' });
      try {
        for (const width of [390, 1280]) {
          await page.setViewportSize({ width, height: 844 });
          await page.goto('/admin/credentials');
          await page.getByRole('combobox', { name: 'Kind' }).selectOption({ label: 'DBS check' });
          await expect(page.getByRole('article')).toHaveCount(1);
          await expectPageToMatch(page, 'credentials-queue');
        }
      } finally {
        // Out of the queue again, for the next run on this stack.
        await decideCredential(credentialDeps(), callerOf(CHECKER, 'admin'), member.userId, id, { decision: 'verify' });
      }
    });
  });
});
