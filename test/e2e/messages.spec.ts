import { randomUUID } from 'node:crypto';
import { MESSAGE_MAILS_MESSAGES, MESSAGING_MESSAGES } from '@solutionz/shared';
import { seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { linkAfter, mailsTo, nowInSeconds } from './support/inbox';
import { openMailLink } from './support/mail-links';
import { runMessageMailsWorker } from './support/message-mails';
import { callApiAs, listedProvider } from './support/provider-page';

/**
 * Messages (docs/product/messages.md): a client writes to a provider from the provider's page, the provider sees the
 * unread badge, reads and answers in a browser of their own, the client sees the answer arrive and their
 * message "Seen"; a block stops messages both ways and leaves the conversation readable.
 */

test.use({ signedInAs: 'client' });

test('a client and a provider write, read, see "seen" and the badge, and a block stops them', async ({ page, account: client, accounts, browser, baseURL }) => {
  // Two browsers, each with its own sign-in and pages.
  test.slow();
  const businessName = `Messages ${randomUUID().slice(0, 8)} Joinery`;
  const provider = await listedProvider(accounts, { businessName });
  const question = `Can you hang two doors next week? ${randomUUID().slice(0, 6)}`;

  await page.goto(`/directory/${provider.userId}`);
  await page.getByRole('button', { name: 'Send a Message' }).click();
  const dialog = page.getByRole('dialog', { name: `Message ${businessName}` });
  // Nothing written: said beside the field, nothing sent.
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(dialog.getByText(MESSAGING_MESSAGES.textRequired)).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Your message' }).fill(question);
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(page).toHaveURL(/\/messages\/[\w-]+$/);
  const clientThread = page.getByRole('list', { name: 'Messages' });
  await expect(clientThread.getByText(question)).toBeVisible();
  await expect(clientThread.getByRole('listitem').filter({ hasText: question })).toContainText('Sent');
  expect(await seriousViolations(page)).toEqual([]);

  // The provider, in a browser of their own: the badge on every page, then the conversation.
  const providerContext = await browser.newContext({ baseURL });
  await accounts.signIn(providerContext, provider);
  const providerPage = await providerContext.newPage();
  await providerPage.goto('/');
  await providerPage.getByRole('link', { name: 'Messages, 1 unread' }).first().click();
  await expect(providerPage.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  const row = providerPage.getByRole('list', { name: 'Conversations' }).getByRole('link').filter({ hasText: client.fullName });
  await expect(row).toContainText('1 unread');
  await expect(row).toContainText(question);
  await row.click();
  const providerThread = providerPage.getByRole('list', { name: 'Messages' });
  await expect(providerThread.getByText(question)).toBeVisible();
  // Reading it clears the badge.
  await expect(providerPage.getByRole('link', { name: 'Messages', exact: true }).first()).toBeVisible();
  expect(await seriousViolations(providerPage)).toEqual([]);

  const answer = 'Yes, Tuesday morning works for me.';
  await providerPage.getByRole('textbox', { name: `Message ${client.firstName} ${client.lastName}` }).fill(answer);
  await providerPage.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(providerThread.getByRole('listitem').filter({ hasText: answer })).toContainText(/Sent|Sending/);

  // Back with the client: the answer arrives in the open thread by itself (it polls, every second in the test stacks),
  // and their own message shows "Seen".
  await expect(clientThread.getByText(answer)).toBeVisible();
  await expect(clientThread.getByRole('listitem').filter({ hasText: question })).toContainText('Seen');

  // The provider blocks: neither can write any more; the conversation stays readable.
  await providerPage.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(providerPage.getByText(MESSAGING_MESSAGES.blockedByYou)).toBeVisible();
  await expect(providerPage.getByRole('textbox', { name: /^Message / })).toHaveCount(0);
  await page.reload();
  await expect(page.getByText(MESSAGING_MESSAGES.blockedByThem)).toBeVisible();
  await expect(clientThread.getByText(answer)).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Message / })).toHaveCount(0);

  await providerPage.getByRole('button', { name: 'Unblock' }).click();
  await expect(providerPage.getByRole('textbox', { name: `Message ${client.firstName} ${client.lastName}` })).toBeVisible();
  await providerContext.close();
});

test('a signed-out visitor is asked to log in to write, and an empty inbox says how to start', async ({ page, accounts }) => {
  const provider = await listedProvider(accounts);
  await page.goto('/messages');
  await expect(page.getByRole('heading', { name: 'No messages yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Find Professionals' }).last()).toBeVisible();

  const visitorContext = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/directory/${provider.userId}`);
  await visitor.getByRole('link', { name: 'Log in to Send a Message' }).click();
  await expect(visitor).toHaveURL(/\/login\?redirect=/);
  await visitorContext.close();
});

test('a provider who leaves messages unread gets one e-mail, follows it to the conversation and turns message e-mails off with its link', async ({
  page,
  account: client,
  accounts,
  browser,
  baseURL,
}) => {
  test.slow();
  const businessName = `Mail ${randomUUID().slice(0, 8)} Glazing`;
  const provider = await listedProvider(accounts, { businessName });
  const since = nowInSeconds() - 1;
  const question = `Could you replace a cracked pane? ${randomUUID().slice(0, 6)}`;

  await page.goto(`/directory/${provider.userId}`);
  await page.getByRole('button', { name: 'Send a Message' }).click();
  const dialog = page.getByRole('dialog', { name: `Message ${businessName}` });
  await dialog.getByRole('textbox', { name: 'Your message' }).fill(question);
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(page).toHaveURL(/\/messages\/[\w-]+$/);
  const conversationPath = new URL(page.url()).pathname;
  // A second message: still one mail.
  const followUp = await callApiAs(client, 'POST', `/conversations/${conversationPath.split('/').pop()}/messages`, {
    messageId: randomUUID(),
    text: 'It is a kitchen window.',
  });
  expect(followUp.status, await followUp.text()).toBe(201);

  // Nothing before ten minutes; once the worker runs eleven minutes on, one mail; a run after it sends no other.
  await runMessageMailsWorker(5, baseURL!);
  expect(await mailsTo(provider.email, since)).toEqual([]);
  await runMessageMailsWorker(11, baseURL!);
  await runMessageMailsWorker(12, baseURL!);
  const mails = await mailsTo(provider.email, since);
  expect(mails.map((mail) => mail.subject)).toEqual([`New message from ${client.fullName}`]);
  const [mail] = mails;
  expect(mail!.body.text).toContain(question);

  const providerContext = await browser.newContext({ baseURL });
  await accounts.signIn(providerContext, provider);
  const providerPage = await providerContext.newPage();
  await providerPage.goto(linkAfter(mail!, 'Read and reply:'));
  await expect(providerPage).toHaveURL(new RegExp(`${conversationPath}$`));
  await expect(providerPage.getByRole('list', { name: 'Messages' }).getByText(question)).toBeVisible();

  // The mail's link turns message e-mails off without signing in; the Notifications tab shows them off.
  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  // Opening it (a mail scanner does too) turns nothing off: its button does.
  const turnOff = await openMailLink(visitor, linkAfter(mail!, 'Turn off message emails:'));
  await providerPage.goto('/account?tab=notifications');
  await expect(providerPage.getByRole('main').getByRole('checkbox', { name: 'E-mail me about unread messages' })).toBeChecked();
  await turnOff.click();
  await expect(visitor.getByRole('heading', { level: 1, name: MESSAGE_MAILS_MESSAGES.unsubscribed })).toBeVisible();
  expect(await seriousViolations(visitor)).toEqual([]);
  await visitorContext.close();

  await providerPage.goto('/account?tab=notifications');
  await expect(providerPage.getByRole('main').getByRole('checkbox', { name: 'E-mail me about unread messages' })).not.toBeChecked();
  await providerContext.close();
});
