import type { Locator, Page } from '@playwright/test';
import { ADMIN_CONSOLE_MESSAGES, type AdminFeedbackFilter } from '@solutionz/shared';
import { confirmWithReason, createBusiness, toast, uniqueWord, violationsAtRest } from './support/admin';
import { expect, test } from './support/fixtures';
import { nowInSeconds } from './support/inbox';
import { chooseStars, leaveFeedback } from './support/provider-page';
import { mailWithSubject } from './support/security';

/**
 * Feedback moderation (docs/product/admin.md#feedback): a client's
 * feedback on a listed business, unpublished with a reason (the provider's page and rating follow at
 * once, the author is told why), approved again, edited and deleted after the product's confirmation.
 */

const MESSAGES = ADMIN_CONSOLE_MESSAGES.feedback;
const LABELS: Record<AdminFeedbackFilter, string> = { all: 'All', approved: 'Approved', pending: 'Pending' };

const filters = (page: Page) => page.getByRole('group', { name: 'Show feedback' });
const filter = (page: Page, status: AdminFeedbackFilter) => filters(page).getByRole('button', { name: new RegExp(`^${LABELS[status]} \\(`) });

/** The count a filter button shows, e.g. 12 from "Pending (12)". */
async function countOf(page: Page, status: AdminFeedbackFilter): Promise<number> {
  const text = (await filter(page, status).textContent()) ?? '';
  return Number(/\(([\d,]+)\)$/.exec(text)![1]!.replace(/,/g, ''));
}

/** Shows one status and waits for its list. */
async function show(page: Page, status: AdminFeedbackFilter): Promise<void> {
  await filter(page, status).click();
  await expect(filter(page, status)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** What a visitor reads on the provider's page: the rating summary and the feedback listed. */
async function expectPublicFeedback(visitor: Page, providerId: string, summary: string, titles: string[]): Promise<void> {
  await visitor.goto(`/directory/${providerId}?tab=feedback`);
  await expect(visitor.getByRole('main').getByText(summary, { exact: true }).first()).toBeVisible();
  const listed: Locator = visitor.getByRole('list', { name: 'Feedback' }).getByRole('article');
  if (titles.length) await expect(listed).toHaveAccessibleName(titles[0]!);
  await expect(listed).toHaveCount(titles.length);
}

test.use({ signedInAs: 'admin' });

test('unpublishes with a reason, approves again, edits and deletes feedback; the provider page and rating follow each step', async ({
  page,
  account,
  accounts,
  browser,
  baseURL,
}) => {
  test.slow();
  const word = uniqueWord();
  const [business, client] = await Promise.all([
    createBusiness(account, { businessName: `${word} Decorating`, firstName: 'Nia', lastName: 'Evans' }),
    accounts.create('client', { location: undefined }),
  ]);
  const title = `${word} transformed our hallway`;
  const posted = await leaveFeedback(client, business.userId, { rating: 5, title, description: 'Neat lines and no mess left behind.' });
  expect(posted.status, await posted.text()).toBe(201);
  const since = nowInSeconds();
  const visitor = await browser.newPage({ baseURL: baseURL! });
  await expectPublicFeedback(visitor, business.userId, '5.0 (1 review)', [title]);

  await page.goto('/admin/feedback');
  await expect(page.getByRole('heading', { level: 1, name: 'Feedback Moderation' })).toBeVisible();
  const entry = page.getByRole('article', { name: title });
  await expect(entry.getByText(`For Nia Evans (${word} Decorating)`)).toBeVisible();
  await expect(entry.getByText('Approved', { exact: true })).toBeVisible();
  await expect(entry.getByText(`By ${client.fullName} on `)).toBeVisible();
  expect(await violationsAtRest(page)).toEqual([]);
  // Only the moderation tests unpublish feedback, so nothing else moves this count while this one runs.
  const pendingBefore = await countOf(page, 'pending');

  await entry.getByRole('button', { name: 'Unapprove' }).click();
  const unapprove = page.getByRole('alertdialog', { name: 'Unapprove feedback' });
  await expect(unapprove.getByText(`“${title}” leaves Nia Evans’s page and rating at once.`)).toBeVisible();
  await confirmWithReason(unapprove, 'Unapprove', 'misleading', 'The job was done by another business');
  await expect(toast(page, MESSAGES.unapproved)).toBeVisible();
  await expect(entry.getByText('Pending', { exact: true })).toBeVisible();
  await expect.poll(() => countOf(page, 'pending')).toBe(pendingBefore + 1);
  await expectPublicFeedback(visitor, business.userId, 'No reviews yet', []);
  const told = await mailWithSubject(client.email, 'Your feedback was unpublished', since);
  expect(told.body.text).toContain('Reason: False or misleading information - The job was done by another business');

  // The filters: pending lists it, approved does not.
  await show(page, 'pending');
  await expect(entry).toBeVisible();
  await show(page, 'approved');
  await expect(entry).toHaveCount(0);
  await show(page, 'all');

  await entry.getByRole('button', { name: 'Approve' }).click();
  await expect(toast(page, MESSAGES.approved)).toBeVisible();
  await expect.poll(() => countOf(page, 'pending')).toBe(pendingBefore);
  await expectPublicFeedback(visitor, business.userId, '5.0 (1 review)', [title]);

  await entry.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit feedback' });
  await chooseStars(edit, 3);
  const edited = `${word} repainted our hallway`;
  await edit.getByRole('textbox', { name: 'Title' }).fill(edited);
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit.getByText(ADMIN_CONSOLE_MESSAGES.reasonRequired)).toBeVisible();
  // The page under it was checked above: the dialog alone, with its message.
  expect(await violationsAtRest(page, { include: '[role="dialog"]' })).toEqual([]);
  await confirmWithReason(edit, 'Save changes', 'abusive', 'A name was removed');
  await expect(toast(page, MESSAGES.updated)).toBeVisible();
  const editedEntry = page.getByRole('article', { name: edited });
  await expect(editedEntry.getByRole('img', { name: 'Rating: 3 out of 5 stars' })).toBeVisible();
  await expectPublicFeedback(visitor, business.userId, '3.0 (1 review)', [edited]);

  await editedEntry.getByRole('button', { name: 'Delete' }).click();
  const remove = page.getByRole('alertdialog', { name: 'Delete feedback' });
  await expect(remove.getByText(MESSAGES.deleteConfirm)).toBeVisible();
  await confirmWithReason(remove, 'Delete', 'spam');
  await expect(toast(page, MESSAGES.deleted)).toBeVisible();
  await expect(editedEntry).toHaveCount(0);
  await expectPublicFeedback(visitor, business.userId, 'No reviews yet', []);
  await visitor.close();
});
