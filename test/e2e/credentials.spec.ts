import { ukDate } from '@solutionz/shared';
import { runCredentialReminders } from '../support/credential-reminders';
import { expect, test } from './support/fixtures';
import { mailsTo, nowInSeconds } from './support/inbox';
import { callApiAs, toast } from './support/provider-page';
import type { TestAccount } from '../support/local-stack';

/**
 * Checked credentials (docs/product/credentials.md): a provider adds their insurance with its PDF; an admin opens the
 * queue and verifies it; a visitor sees it on the provider's page with the day it was checked, and the directory's
 * insurance filter finds the provider. The expiry worker mails each reminder once; once the expiry day has passed
 * (the browser's clock moved on), the page no longer shows it as checked.
 */

test.use({ signedInAs: 'provider', membership: 'yearly' });

const DAY_MS = 86_400_000;
const dayIn = (days: number) => ukDate(new Date(Date.now() + days * DAY_MS));
const shortDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' });
/** A Gas Safe registration added, documented and verified through the API, as the browser and the queue do. */
async function addCheckedRegistration(provider: TestAccount, admin: TestAccount, expiresOn: string) {
  const added = await callApiAs(provider, 'POST', '/me/credentials', { type: 'registration', optionId: 'gas-safe', number: '556677', expiresOn });
  const { id } = (await added.json()) as { id: string };
  const granted = await callApiAs(provider, 'POST', `/me/credentials/${id}/evidence/uploads`, { name: 'card.pdf', type: 'application/pdf', size: pdf.length });
  const grant = (await granted.json()) as { url: string; fields: Record<string, string>; uploadId: string };
  const form = new FormData();
  for (const [name, value] of Object.entries(grant.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }));
  expect((await fetch(grant.url, { method: 'POST', body: form })).ok).toBe(true);
  expect((await callApiAs(provider, 'POST', `/me/credentials/${id}/evidence`, { uploadId: grant.uploadId })).status).toBe(200);
  expect((await callApiAs(admin, 'POST', `/admin/providers/${provider.userId}/credentials/${id}/decision`, { decision: 'verify' })).status).toBe(200);
}

const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');

test('a provider adds insurance with a PDF, an admin verifies it, visitors see it checked until it expires, and reminders go once', async ({
  page,
  account: provider,
  accounts,
  browser,
  baseURL,
}) => {
  test.slow();
  const since = nowInSeconds();
  const expiresOn = dayIn(20);

  await page.goto('/account?tab=credentials');
  await page.getByRole('button', { name: 'Add a credential' }).click();
  const form = page.getByRole('form', { name: 'Add a credential' });
  await form.getByRole('combobox', { name: 'Kind of credential' }).selectOption({ label: 'Insurance' });
  // Nothing filled in: the shared schema's words, beside each field.
  await form.getByRole('button', { name: 'Save credential' }).click();
  await expect(form.getByText('Enter the insurer.')).toBeVisible();
  await form.getByRole('combobox', { name: 'Kind of insurance' }).selectOption({ label: 'Public liability' });
  await form.getByRole('textbox', { name: 'Insurer' }).fill('Aviva');
  await form.getByRole('textbox', { name: 'Cover (£)' }).fill('2000000');
  await form.getByLabel('Expiry date').fill(expiresOn);
  await form.locator('input[type=file]').setInputFiles({ name: 'schedule.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(form.getByText('schedule.pdf')).toBeVisible();
  await form.getByRole('button', { name: 'Save credential' }).click();
  await expect(toast(page, 'Credential saved')).toBeVisible();
  const mine = page.getByRole('list', { name: 'Your credentials' }).getByRole('listitem');
  await expect(mine).toHaveCount(1);
  await expect(mine.first()).toContainText('Public liability');
  await expect(mine.first()).toContainText('Waiting to be checked');

  // An admin, in a browser of their own, checks it from the queue.
  const admin = await accounts.create('admin');
  const adminContext = await browser.newContext({ baseURL });
  await accounts.signIn(adminContext, admin);
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/admin');
  await adminPage.getByRole('button', { name: 'Return to Main' }).click();
  await adminPage.getByRole('menuitem', { name: 'Credentials to check' }).click();
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Credentials to check' })).toBeVisible();
  await adminPage.getByRole('combobox', { name: 'Kind' }).selectOption({ label: 'Insurance' });
  const queued = adminPage.getByRole('article', { name: `Public liability of ${provider.businessName}` });
  await expect(queued).toBeVisible({ timeout: 30_000 });
  await expect(queued).toContainText('Insurer Aviva');
  await queued.getByRole('button', { name: 'Verify' }).click();
  await expect(toast(adminPage, 'Credential verified')).toBeVisible();
  await expect(queued).toBeHidden();
  await adminContext.close();

  // A visitor sees it checked, with the day, on the provider's page; the directory's filter finds them.
  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/directory/${provider.userId}`);
  const checked = visitor.getByRole('region', { name: 'Checked credentials' });
  await expect(checked).toContainText('Public liability');
  await expect(checked).toContainText(`Checked on ${shortDay(ukDate(new Date()))}`);
  await expect(checked).toContainText(`Expires ${shortDay(expiresOn)}`);
  await visitor.goto(`/directory?service=${encodeURIComponent(provider.businessName!)}`);
  // The page is server-rendered: a click before the app has taken it over changes nothing, so it is made again until it does.
  const insuredOnly = visitor.getByRole('checkbox', { name: 'Checked insurance only' });
  await expect(async () => {
    await insuredOnly.setChecked(false, { force: true });
    await insuredOnly.setChecked(true, { force: true });
    await expect(visitor).toHaveURL(/insured=yes/, { timeout: 2_000 });
  }).toPass();
  await expect(visitor.getByRole('article', { name: provider.businessName })).toContainText('Insured (checked)');

  // The expiry worker: 30 days before, once; 7 days before (a registration checked through the API), once.
  await addCheckedRegistration(provider, admin, dayIn(5));
  await runCredentialReminders();
  await runCredentialReminders();
  const reminders = (await mailsTo(provider.email, since)).filter((mail) => mail.subject.includes('expires on')).map((mail) => mail.subject);
  expect(reminders.sort()).toEqual(
    [
      `Your insurance "Public liability" expires on ${shortDay(expiresOn)}`,
      `Your trade registration "Gas Safe Register" expires on ${shortDay(dayIn(5))}`,
    ].sort(),
  );

  // The day after the expiry day, with nobody acting, the page shows it as checked no more.
  await visitor.clock.setFixedTime(new Date(`${dayIn(21)}T09:00:00Z`));
  const answered = visitor.waitForResponse((response) => response.url().includes(`/api/providers/${provider.userId}/credentials`));
  await visitor.goto(`/directory/${provider.userId}`);
  // The API still answers it (its clock is today's); the page, a day past the expiry, leaves it out.
  expect(await (await answered).text()).toContain('Public liability');
  await expect(visitor.getByRole('tabpanel')).toContainText('Member since');
  // Two frames: whatever the answer makes React draw is drawn.
  await visitor.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const { requestAnimationFrame: frame } = globalThis as unknown as { requestAnimationFrame(callback: () => void): number };
        frame(() => frame(resolve));
      }),
  );
  await expect(checked).toBeHidden();
  await visitorContext.close();

  // Its owner sees theirs with its status; the evidence was never at a public address.
  const listed = await callApiAs(provider, 'GET', '/me/credentials');
  expect(JSON.stringify(await listed.json())).not.toContain('private/');
});
