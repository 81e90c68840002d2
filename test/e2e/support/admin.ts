import { randomUUID } from 'node:crypto';
import { expect, type Locator, type Page } from '@playwright/test';
import { ADMIN_REASON_LABELS, type AdminCreateProviderInput, type AdminReasonCode, type AdminUserRecord } from '@solutionz/shared';
import { seriousViolations } from './axe';
import type { TestAccount } from './fixtures';
import { callApiAs } from './provider-page';

/**
 * The admin console as an administrator uses it (docs/product/admin.md: dashboard, users, feedback
 * moderation). Each test finds its own people by a made-up word in their names, so what other tests
 * add to the shared stack never shows among its results.
 */

/** A word that appears in no other name, business name or e-mail address. */
export const uniqueWord = () => `Zq${randomUUID().replace(/-/g, '').slice(0, 8)}`;

/**
 * A business an admin lists without a login (it asked by phone), through the API the create dialog
 * calls: listed at once by the admin's grant, with no membership to buy.
 */
export async function createBusiness(admin: TestAccount, input: Partial<AdminCreateProviderInput> & { businessName: string }): Promise<AdminUserRecord> {
  const response = await callApiAs(admin, 'POST', '/admin/providers', { firstName: 'Morgan', lastName: 'Owner', location: 'Leeds', ...input });
  const text = await response.text();
  expect(response.status, text).toBe(201);
  return (JSON.parse(text) as { provider: AdminUserRecord }).provider;
}

/**
 * Types `text` into the search of /admin/users (opened afresh unless `open` is false) and waits for
 * its answer to be rendered: until then the table still shows the rows it had. A search made before on
 * the same page is answered from the page's cache (`cached`).
 */
export async function searchUsers(page: Page, text: string, { open = true, cached = false }: { open?: boolean; cached?: boolean } = {}): Promise<void> {
  if (open) await page.goto('/admin/users');
  const answered =
    cached ||
    page.waitForResponse((response) => {
      const url = new URL(response.url());
      return url.pathname === '/api/admin/users' && url.searchParams.get('q') === text.trim();
    });
  await page.getByRole('searchbox', { name: 'Search users' }).fill(text);
  await answered;
  await expect(page.getByRole('status', { name: 'Loading users' })).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

export const usersTable = (page: Page) => page.getByRole('table', { name: 'Users' });
/** The table's row of the person whose name (or address, or business) contains `text`. */
export const userRow = (page: Page, text: string) => usersTable(page).getByRole('row').filter({ hasText: text });

/** What the cells of `row` show (on a phone each cell also holds its column's name, hidden on wider screens). */
export const cellContents = (row: Locator) => row.locator('td > :last-child');
/** The names in the table, top to bottom. */
export const rowNames = (page: Page) => usersTable(page).getByRole('row').locator('td:first-child > :last-child');

/**
 * Gives the reason a restrictive or destructive action asks for, and confirms. Without `label` the
 * confirm is pressed with no reason first, which the dialog refuses with the shared message.
 */
export async function confirmWithReason(dialog: Locator, confirm: string, code: AdminReasonCode, note = ''): Promise<void> {
  await dialog.getByRole('combobox', { name: 'Reason' }).selectOption({ label: ADMIN_REASON_LABELS[code] });
  await dialog.getByRole('textbox', { name: 'Details' }).fill(note);
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
}

/**
 * Serious accessibility violations of the page as it is now, with the pointer moved off the button
 * just pressed (a hovered button is drawn lighter than at rest).
 */
export async function violationsAtRest(page: Page, options?: Parameters<typeof seriousViolations>[1]) {
  await page.mouse.move(0, 0);
  return seriousViolations(page, options);
}

export const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
