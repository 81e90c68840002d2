import { randomUUID } from 'node:crypto';
import { RESPONSE_TIME_MESSAGES } from '@solutionz/shared';
import { expect, test } from './support/fixtures';
import { callApiAs, listedProvider } from './support/provider-page';

/**
 * Response times (docs/product/messages.md#response-times): a provider's page says "New on Solutionz" until three clients have written
 * and been answered, then how fast the provider usually replies, measured from those messages, with the
 * method in one sentence; the directory's quick-replies filter finds them. The conversations go through
 * the API: the messaging screens have their own spec.
 */

test.use({ signedInAs: 'client' });

test('a provider is "New on Solutionz" until three clients are answered, then "Usually replies within…"', async ({ page, accounts }) => {
  test.setTimeout(90_000);
  const businessName = `Quick ${randomUUID().slice(0, 8)} Glazing`;
  const provider = await listedProvider(accounts, { businessName });

  await page.goto(`/directory/${provider.userId}`);
  await expect(page.getByRole('heading', { level: 1, name: businessName })).toBeVisible();
  await expect(page.getByTestId('response-time')).toContainText(RESPONSE_TIME_MESSAGES.newProvider);
  await expect(page.getByText(/Usually replies/)).toHaveCount(0);

  const clients = await Promise.all([accounts.create('client'), accounts.create('client'), accounts.create('client')]);
  for (const client of clients) {
    const started = await callApiAs(client, 'POST', '/conversations', {
      providerId: provider.userId,
      messageId: randomUUID(),
      text: 'Could you replace a cracked window pane?',
    });
    const body = await started.text();
    expect(started.status, body).toBe(201);
    const { conversationId } = JSON.parse(body) as { conversationId: string };
    const reply = await callApiAs(provider, 'POST', `/conversations/${conversationId}/messages`, { messageId: randomUUID(), text: 'Yes, tomorrow morning.' });
    expect(reply.status, await reply.text()).toBe(201);
  }

  await page.reload();
  const line = page.getByTestId('response-time');
  await expect(line).toContainText(/Usually replies within (a minute|\d+ minutes)/);
  await expect(line).toContainText('Replies to 100% of clients within 48 hours');
  await expect(line).toContainText(RESPONSE_TIME_MESSAGES.method);

  // The directory's filter keeps them, and their card says the same.
  await page.goto(`/directory?service=${encodeURIComponent(businessName)}`);
  await page.getByRole('checkbox', { name: RESPONSE_TIME_MESSAGES.filterLabel }).check({ force: true });
  await expect(page).toHaveURL(/replies=day/);
  const card = page.getByRole('region', { name: 'Results' }).getByRole('article', { name: businessName });
  await expect(card).toContainText(/Usually replies within (a minute|\d+ minutes)/);
});
