import { randomUUID } from 'node:crypto';
import { ADMIN_CONSOLE_MESSAGES, ADMIN_REPORT_MESSAGES, MESSAGE_REPORT_MESSAGES } from '@solutionz/shared';
import { confirmWithReason, searchUsers, toast, violationsAtRest } from './support/admin';
import { expect, test } from './support/fixtures';
import { callApiAs, listedProvider } from './support/provider-page';

/**
 * Reporting a conversation (docs/product/messages.md#reporting-a-conversation): a client reports their conversation with a provider from
 * the thread; an admin, in a browser of their own, finds it in /admin/reports with the messages as they
 * were, and stops the provider messaging. The provider's next message is refused and their thread says
 * why in place of the message box, until the admin lets them write again from the users screen.
 */

test.use({ signedInAs: 'client' });

test('a client reports a conversation; an admin reads its messages in the queue, stops the provider messaging and lets them again', async ({
  page,
  account: client,
  accounts,
  browser,
  baseURL,
}) => {
  test.slow();
  const businessName = `Reports ${randomUUID().slice(0, 8)} Roofing`;
  const provider = await listedProvider(accounts, { businessName });
  const question = `Can you look at a loose ridge tile? ${randomUUID().slice(0, 6)}`;
  const started = await callApiAs(client, 'POST', '/conversations', { providerId: provider.userId, messageId: randomUUID(), text: question });
  const startedText = await started.text();
  expect(started.status, startedText).toBe(201);
  const { conversationId } = JSON.parse(startedText) as { conversationId: string };
  const answer = 'Yes, but only if you pay me in cash outside the site first.';
  const answered = await callApiAs(provider, 'POST', `/conversations/${conversationId}/messages`, { messageId: randomUUID(), text: answer });
  expect(answered.status, await answered.text()).toBe(201);

  await page.goto(`/messages/${conversationId}`);
  await expect(page.getByRole('list', { name: 'Messages' }).getByText(answer)).toBeVisible();
  await page.getByRole('button', { name: 'Report', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this conversation' });
  await expect(dialog.getByText(`Our team will read the last 20 messages of your conversation with ${businessName}.`)).toBeVisible();
  // No reason chosen: said beside the field, nothing sent.
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText(MESSAGE_REPORT_MESSAGES.reasonRequired)).toBeVisible();
  expect(await violationsAtRest(page)).toEqual([]);
  await dialog.getByRole('combobox', { name: 'What is wrong?' }).selectOption({ label: 'Asks for payment outside Solutionz' });
  await dialog.getByRole('textbox', { name: 'Anything else we should know (optional)' }).fill('Wanted cash before any work.');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(toast(page, 'Conversation reported')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Reported again while the first is open: told so in the dialog.
  await page.getByRole('button', { name: 'Report', exact: true }).click();
  await dialog.getByRole('combobox', { name: 'What is wrong?' }).selectOption({ label: 'Spam or advertising' });
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(MESSAGE_REPORT_MESSAGES.alreadyReported);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // An admin, in a browser of their own.
  const admin = await accounts.create('admin');
  const adminContext = await browser.newContext({ baseURL });
  await accounts.signIn(adminContext, admin);
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/admin');
  await adminPage.getByRole('link', { name: 'Reports' }).click();
  await expect(adminPage.getByRole('heading', { level: 1, name: ADMIN_REPORT_MESSAGES.title })).toBeVisible();
  const report = adminPage.getByRole('article', { name: `Report about ${businessName}` });
  // The first read may wake a second instance of the admin function (the dashboard's figures load meanwhile).
  await expect(report).toBeVisible({ timeout: 30_000 });
  await expect(report.getByText(`Reported by ${client.fullName} (client) on `)).toBeVisible();
  await expect(report.getByText('Asks for payment outside Solutionz')).toBeVisible();
  await expect(report.getByText('“Wanted cash before any work.”')).toBeVisible();
  await report.getByRole('button', { name: 'Show the 2 messages' }).click();
  const messages = report.getByRole('list', { name: `Messages reported by ${client.fullName}` }).getByRole('listitem');
  await expect(messages).toHaveCount(2);
  await expect(messages.nth(0)).toContainText(`${client.fullName} (client, reporter)`);
  await expect(messages.nth(0)).toContainText(question);
  await expect(messages.nth(1)).toContainText(`${businessName} (provider)`);
  await expect(messages.nth(1)).toContainText(answer);
  // No e-mail address of either person on the page.
  await expect(adminPage.getByRole('main')).not.toContainText(provider.email);
  await expect(adminPage.getByRole('main')).not.toContainText(client.email);
  expect(await violationsAtRest(adminPage)).toEqual([]);

  await report.getByRole('button', { name: 'Stop messaging' }).click();
  const stop = adminPage.getByRole('alertdialog', { name: 'Stop this person messaging' });
  await confirmWithReason(stop, 'Stop messaging', 'policyBreach', 'Asked for payment outside the site');
  await expect(toast(adminPage, ADMIN_REPORT_MESSAGES.blockedMessaging)).toBeVisible();
  await expect(report).toBeHidden();

  // The provider's next message is refused, with the reason they are given.
  const refused = await callApiAs(provider, 'POST', `/conversations/${conversationId}/messages`, { messageId: randomUUID(), text: 'Still there?' });
  expect(refused.status).toBe(403);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(MESSAGE_REPORT_MESSAGES.messagingBlocked);
  // Their thread says so in place of the message box.
  const providerContext = await browser.newContext({ baseURL });
  await accounts.signIn(providerContext, provider);
  const providerPage = await providerContext.newPage();
  await providerPage.goto(`/messages/${conversationId}`);
  await expect(providerPage.getByText(MESSAGE_REPORT_MESSAGES.messagingBlocked)).toBeVisible();
  const box = providerPage.getByRole('textbox', { name: `Message ${client.fullName}` });
  await expect(box).toHaveCount(0);

  // The admin lets them write again from the users screen; the box comes back. The search's answer is rendered before the
  // row's button is pressed: a button pressed while the table re-renders can open nothing.
  await searchUsers(adminPage, businessName);
  await adminPage.getByRole('button', { name: `Allow messaging again ${provider.fullName}` }).click();
  await adminPage.getByRole('dialog', { name: 'Allow messaging again' }).getByRole('button', { name: 'Allow messaging' }).click();
  await expect(toast(adminPage, ADMIN_CONSOLE_MESSAGES.users.messagingAllowed)).toBeVisible();
  await adminContext.close();
  await providerPage.reload();
  await expect(box).toBeVisible();
  await expect(providerPage.getByText(MESSAGE_REPORT_MESSAGES.messagingBlocked)).toHaveCount(0);
  await providerContext.close();
});
