import { randomUUID } from 'node:crypto';
import { ADMIN_CONSOLE_MESSAGES, DIRECTORY_MESSAGES, FEEDBACK_MESSAGES } from '@solutionz/shared';
import { newClient } from './support/accounts';
import { expect, test } from './support/fixtures';
import { linkFromInbox, nowInSeconds } from './support/inbox';
import { expectFocusIn, expectFocusRing, isFocused, tabTo } from './support/keyboard';
import { callApiAs, complimentaryMember, toast } from './support/provider-page';

/**
 * Journeys made with the keyboard alone, no mouse: Tab to each control, type, Enter or Space to act. At each stop the
 * focus shows a visible ring, and after each dialog or new content the focus is where a person expects it.
 */

const uniqueWord = () => `Zq${randomUUID().replace(/-/g, '').slice(0, 8)}`;

test.describe('a client', () => {
  test.use({ signedInAs: 'client' });

  test('searches the directory, opens a professional, saves them and leaves feedback', async ({ page, accounts }) => {
    const word = uniqueWord();
    const businessName = `${word} Joinery`;
    const provider = await complimentaryMember(accounts, { businessName });

    await page.goto('/directory');
    await tabTo(page, page.getByRole('search', { name: 'Filter professionals' }).getByRole('textbox', { name: 'Service' }));
    await page.keyboard.type(word);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/directory\\?service=${word}$`));
    const card = page.getByRole('region', { name: 'Results' }).getByRole('article', { name: businessName });
    await tabTo(page, card.getByRole('link', { name: businessName }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/directory/${provider.userId}$`));

    const save = page.getByRole('main').getByRole('button', { name: `Save ${businessName}` });
    await tabTo(page, save);
    await page.keyboard.press('Enter');
    await expect(toast(page, DIRECTORY_MESSAGES.saved)).toBeVisible();
    // The button stays where it was, pressed, with the focus on it.
    const remove = page.getByRole('main').getByRole('button', { name: `Remove ${businessName} from saved` });
    await expect(remove).toHaveAttribute('aria-pressed', 'true');
    await expect(remove).toBeFocused();

    // The tabs are one stop (the chosen one); the arrow keys move between them.
    const tabs = page.getByRole('tablist', { name: 'Profile sections' });
    await tabTo(page, tabs.getByRole('tab', { selected: true }), { back: true });
    const feedbackTab = tabs.getByRole('tab', { name: /^Feedback/ });
    for (let presses = 0; presses < 5 && !(await isFocused(feedbackTab)); presses++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(feedbackTab).toHaveAttribute('aria-selected', 'true');
    await tabTo(page, page.getByRole('button', { name: 'Add Feedback' }));
    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: 'Leave feedback' });
    // The form opens with the focus on its first field, the rating; ArrowLeft from the first star wraps round to five.
    await expect(form.getByRole('radio').first()).toBeFocused();
    await expectFocusRing(page);
    await page.keyboard.press('ArrowLeft');
    await expect(form.getByRole('radio', { name: '5 stars' })).toBeChecked();
    await tabTo(page, form.getByRole('textbox', { name: /Title/ }));
    await page.keyboard.type('Hung four doors in a morning');
    await tabTo(page, form.getByRole('button', { name: 'Submit Feedback' }));
    await page.keyboard.press('Enter');
    await expect(toast(page, FEEDBACK_MESSAGES.published.description)).toBeVisible();
    const yours = page.getByRole('region', { name: 'Your feedback' });
    await expect(yours.getByRole('article', { name: 'Hung four doors in a morning' })).toBeVisible();
    // The form is gone: the focus moves to what replaced it, not back to the top of the page.
    await expectFocusIn(yours);
    expect(await isFocused(page.locator('body'))).toBe(false);
  });
});

test('a visitor signs up and confirms the address from the mail', async ({ page }) => {
  const account = newClient();
  const since = nowInSeconds();
  await page.goto('/signup');
  await tabTo(page, page.getByLabel('Full name'));
  await page.keyboard.type(account.fullName);
  await tabTo(page, page.getByLabel('Email', { exact: true }));
  await page.keyboard.type(account.email);
  await tabTo(page, page.getByLabel('Location'));
  await page.keyboard.type(account.location);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(account.password);
  await tabTo(page, page.getByLabel('Confirm password'));
  await page.keyboard.type(account.password);
  await tabTo(page, page.getByRole('button', { name: 'Create account' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/confirm-email$/);
  // The pressed button went with the form: the new page's heading has the focus, not the top of the document.
  await expect(page.getByRole('heading', { level: 1, name: 'Account created' })).toBeFocused();

  await page.goto(await linkFromInbox(account.email, '/confirm-email', { since }));
  await tabTo(page, page.getByRole('button', { name: 'Confirm my email address' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Email confirmed' })).toBeFocused();
});

test.describe('a client with a job to post', () => {
  test.use({ signedInAs: 'client' });

  test('posts a job', async ({ page }) => {
    const title = `Keyboard job ${uniqueWord()}`;
    await page.goto('/post-job');
    const form = page.getByRole('form', { name: 'Job details' });
    await tabTo(page, form.getByRole('textbox', { name: 'Job title' }));
    await page.keyboard.type(title);
    await tabTo(page, form.getByRole('textbox', { name: 'Description' }));
    await page.keyboard.type('Two evenings a week of GCSE maths.');
    const categories = form.getByRole('group', { name: 'Service categories' });
    await tabTo(page, categories.getByRole('combobox', { name: 'Service group' }));
    await page.keyboard.type('Educ');
    await expect(categories.getByRole('combobox', { name: 'Service group' })).toHaveValue('Education');
    await tabTo(page, categories.getByRole('combobox', { name: 'Service', exact: true }));
    await page.keyboard.type('Tut');
    await tabTo(page, categories.getByRole('button', { name: 'Add category' }));
    await page.keyboard.press('Enter');
    await expect(categories.getByRole('listitem').filter({ hasText: 'Tutoring' })).toBeVisible();
    await expect(categories.getByRole('button', { name: 'Add category' })).toBeFocused();
    await tabTo(page, form.getByRole('combobox', { name: 'Location' }));
    await page.keyboard.type('sw1a1aa');
    await expect(page.getByRole('listbox', { name: 'Matching places' }).getByRole('option', { name: 'SW1A 1AA', exact: true })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(form.getByRole('combobox', { name: 'Location' })).toHaveValue('SW1A 1AA');
    await tabTo(page, form.getByRole('button', { name: 'Post Job' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/job-directory\?job=/);
    const dialog = page.getByRole('dialog', { name: title });
    // The job opens in a dialog that holds the focus; Escape closes it and the board's heading takes the focus.
    await expectFocusIn(dialog);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Job Directory' })).toBeFocused();
  });
});

test.describe('a provider', () => {
  test.use({ signedInAs: 'provider' });

  test('replies to a message', async ({ page, account, accounts }) => {
    const client = await accounts.create('client');
    const question = `Can you fit a boiler on Friday? ${uniqueWord()}`;
    const started = await callApiAs(client, 'POST', '/conversations', { providerId: account.userId, messageId: randomUUID(), text: question });
    expect(started.status, await started.text()).toBe(201);

    await page.goto('/messages');
    const row = page.getByRole('list', { name: 'Conversations' }).getByRole('link').filter({ hasText: client.fullName });
    await tabTo(page, row);
    await page.keyboard.press('Enter');
    const thread = page.getByRole('list', { name: 'Messages' });
    await expect(thread.getByText(question)).toBeVisible();
    const composer = page.getByRole('textbox', { name: `Message ${client.fullName}` });
    await tabTo(page, composer);
    await page.keyboard.type('Yes, Friday morning works.');
    await tabTo(page, page.getByRole('button', { name: 'Send', exact: true }));
    await page.keyboard.press('Enter');
    await expect(thread.getByRole('listitem').filter({ hasText: 'Yes, Friday morning works.' })).toContainText(/Sent|Sending/);
    // Sent from the keyboard: the field is empty for the next message, the focus still on Send, one Shift+Tab from it.
    await expect(composer).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeFocused();
    await tabTo(page, composer, { back: true, limit: 3 });
  });
});

test.describe('an admin', () => {
  test.use({ signedInAs: 'admin' });

  test('deactivates a user with a reason', async ({ page, accounts }) => {
    const client = await accounts.create('client', { lastName: uniqueWord() });
    await page.goto('/admin/users');
    await tabTo(page, page.getByRole('searchbox', { name: 'Search users' }));
    await page.keyboard.type(client.email);
    const deactivate = page.getByRole('button', { name: `Deactivate ${client.fullName}` });
    await tabTo(page, deactivate);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Deactivate user' });
    await expectFocusIn(dialog);
    await tabTo(page, dialog.getByRole('combobox', { name: 'Reason' }));
    await page.keyboard.type('Spam');
    await expect(dialog.getByRole('combobox', { name: 'Reason' })).toHaveValue('spam');
    await tabTo(page, dialog.getByRole('textbox', { name: 'Details' }));
    await page.keyboard.type('Posted adverts in every message');
    await tabTo(page, dialog.getByRole('button', { name: 'Deactivate', exact: true }));
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(toast(page, ADMIN_CONSOLE_MESSAGES.users.deactivated)).toBeVisible();
    // The focus is back on the button that opened the dialog, which now activates the account again.
    await expect(page.getByRole('button', { name: `Activate ${client.fullName}` })).toBeFocused();
    await expectFocusRing(page);
  });
});
