import { ADMIN_CONSOLE_MESSAGES, ADMIN_REASON_LABELS } from '@solutionz/shared';
import { confirmWithReason, createBusiness, toast, uniqueWord, violationsAtRest } from './support/admin';
import { expect, test } from './support/fixtures';
import { leaveFeedback } from './support/provider-page';

/**
 * The moderation figures (docs/product/admin.md#transparency): an admin deletes a client's feedback for
 * impersonation, and the transparency page, reached from the footer, counts it under that reason at once
 * (a signed-in visit is never served the CDN's copy). No other browser test gives that reason for feedback,
 * so the count there is this test's, shown as "fewer than 5".
 */

test.use({ signedInAs: 'admin' });

test('an admin removes feedback with a reason, and the transparency page from the footer counts it without giving the small number', async ({
  page,
  account,
  accounts,
}) => {
  const word = uniqueWord();
  const [business, client] = await Promise.all([
    createBusiness(account, { businessName: `${word} Glazing`, firstName: 'Owen', lastName: 'Price' }),
    accounts.create('client', { location: undefined }),
  ]);
  const title = `${word} fitted our windows`;
  const posted = await leaveFeedback(client, business.userId, { rating: 4, title });
  expect(posted.status, await posted.text()).toBe(201);

  await page.goto('/admin/feedback');
  const entry = page.getByRole('article', { name: title });
  await entry.getByRole('button', { name: 'Delete' }).click();
  await confirmWithReason(page.getByRole('alertdialog', { name: 'Delete feedback' }), 'Delete', 'impersonation', 'Written by the business itself');
  await expect(toast(page, ADMIN_CONSOLE_MESSAGES.feedback.deleted)).toBeVisible();

  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Moderation transparency' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Moderation transparency' })).toBeVisible();
  const last30 = page.getByRole('region', { name: 'Last 30 days' });
  await expect(last30.getByRole('list', { name: 'Feedback removed by reason' })).toContainText(`${ADMIN_REASON_LABELS.impersonation}: fewer than 5`);
  await expect(last30.getByText('Feedback removed', { exact: true }).locator('xpath=following-sibling::dd[1]')).not.toHaveText('0');
  await expect(page.getByRole('img', { name: /per month, as a bar chart/ })).toBeVisible();
  expect(await violationsAtRest(page)).toEqual([]);
});
