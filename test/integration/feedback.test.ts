import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  apiErrorBodySchema,
  FEEDBACK_MESSAGES,
  feedbackEntrySchema,
  feedbackPageSchema,
  providerSearchResponseSchema,
  replyResultSchema,
  type FeedbackEntry,
} from '@solutionz/shared';
import { LOCAL_ORIGIN_HEADERS } from '../../scripts/local/stack';
import { createTestAccount, signInTokens, stack, type TestAccount } from '../support/local-stack';
import { subscribeAccount } from '../support/membership';

/**
 * Feedback and replies through the running stack (docs/product/feedback.md): one feedback per client
 * and provider also when many arrive at once, the rating on the directory card after each change, and
 * replies by the provider addressed only. Service cases (paging, moderation, erasure details) are in
 * lambdas/src/services/feedback.
 */

/**
 * A call as the web makes it; one without a session reads at the origin, as the edge caches those answers a minute
 * (a purge drops them when a moderation changes them; these tests read right after a client's own changes).
 */
async function call(method: string, path: string, token?: string, body?: unknown) {
  const atOrigin = !token && method === 'GET';
  const response = await fetch(atOrigin ? `${stack.gatewayUrl}/api${path}` : `${stack.apiBaseUrl}${path}`, {
    method,
    headers: {
      ...(atOrigin ? LOCAL_ORIGIN_HEADERS : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

const feedbackPath = (providerId: string) => `/providers/${encodeURIComponent(providerId)}/feedback`;
const minePath = (providerId: string) => `${feedbackPath(providerId)}/mine`;
const replyPath = (providerId: string, feedbackId: string) => `${feedbackPath(providerId)}/${encodeURIComponent(feedbackId)}/reply`;
const errorOf = (answer: { body: unknown }) => apiErrorBodySchema.parse(answer.body).error;

async function signedIn(account: TestAccount) {
  return { ...account, token: (await signInTokens(account.email, account.password)).accessToken };
}

/** A listed provider in a category and business name of their own, so their card is found by name. */
async function member() {
  const tag = randomUUID().slice(0, 8);
  const account = await createTestAccount('provider', {
    businessName: `Fenland Glaziers ${tag}`,
    location: 'PE13 1',
    categories: ['Construction/Trade > Plumber'],
  });
  await subscribeAccount(account, 'yearly');
  return { ...(await signedIn(account)), tag };
}

const client = async (overrides: Parameters<typeof createTestAccount>[1] = {}) => signedIn(await createTestAccount('client', overrides));

/** The rating on the provider's directory card. */
async function cardRating(provider: { userId: string; tag: string }) {
  // At the origin: the edge caches an anonymous search a minute.
  const url = new URL(`${stack.gatewayUrl}/api/providers`);
  url.searchParams.set('category', 'plumber');
  url.searchParams.set('service', provider.tag);
  const page = providerSearchResponseSchema.parse(await (await fetch(url, { headers: LOCAL_ORIGIN_HEADERS })).json());
  return page.providers.find((card) => card.id === provider.userId)?.rating;
}

async function leave(providerId: string, token: string, form: { rating: number; title: string; description?: string }): Promise<FeedbackEntry> {
  const answer = await call('POST', feedbackPath(providerId), token, form);
  expect(answer.status).toBe(201);
  return feedbackEntrySchema.parse(answer.body);
}

async function publicFeedback(providerId: string) {
  const answer = await call('GET', feedbackPath(providerId));
  expect(answer.status).toBe(200);
  return feedbackPageSchema.parse(answer.body);
}

describe('leaving feedback', () => {
  it('publishes a client’s feedback at once under their name, and shows them their own', async () => {
    const provider = await member();
    const cara = await client({ firstName: 'Cara', lastName: 'Jones' });

    const entry = await leave(provider.userId, cara.token, { rating: 5, title: 'Fixed our leak in an hour', description: 'Friendly and tidy.' });

    expect(entry).toMatchObject({
      providerId: provider.userId,
      rating: 5,
      title: 'Fixed our leak in an hour',
      description: 'Friendly and tidy.',
      authorName: 'Cara Jones',
      approved: true,
      verifiedJob: false,
    });
    expect(await publicFeedback(provider.userId)).toEqual({ feedback: [entry], rating: { average: 5, count: 1 } });
    expect(await call('GET', minePath(provider.userId), cara.token)).toEqual({ status: 200, body: entry });
    const mine = await call('GET', '/me/feedback', provider.token);
    expect(feedbackPageSchema.parse(mine.body).feedback).toEqual([entry]);
    expect(JSON.stringify(await publicFeedback(provider.userId))).not.toContain(cara.userId);
  });

  it('of 50 attempts from one client at the same moment, exactly one lands; the others hear it was submitted already', async () => {
    const provider = await member();
    const cara = await client();

    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => call('POST', feedbackPath(provider.userId), cara.token, { rating: (i % 5) + 1, title: `Attempt ${i}` })),
    );

    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(refused).toHaveLength(49);
    for (const answer of refused)
      expect({ status: answer.status, message: errorOf(answer).message }).toEqual({ status: 409, message: FEEDBACK_MESSAGES.duplicate });
    const landed = feedbackEntrySchema.parse(answers.find((answer) => answer.status === 201)!.body);
    expect((await publicFeedback(provider.userId)).feedback).toEqual([landed]);
    expect(await cardRating(provider)).toEqual({ average: landed.rating, count: 1 });
  });

  it('keeps the card’s rating right after feedback is left, edited and deleted', async () => {
    const provider = await member();
    const [cara, dan] = await Promise.all([client(), client()]);
    expect(await cardRating(provider)).toEqual({ average: null, count: 0 });

    await leave(provider.userId, cara.token, { rating: 5, title: 'Excellent' });
    await leave(provider.userId, dan.token, { rating: 3, title: 'Fine' });
    expect(await cardRating(provider)).toEqual({ average: 4, count: 2 });

    const edited = await call('PATCH', minePath(provider.userId), dan.token, { rating: 1, title: 'Came back broken' });
    expect(edited.status).toBe(200);
    expect(feedbackEntrySchema.parse(edited.body)).toMatchObject({ rating: 1, title: 'Came back broken' });
    expect(await cardRating(provider)).toEqual({ average: 3, count: 2 });

    expect(await call('DELETE', minePath(provider.userId), cara.token)).toEqual({ status: 200, body: { providerId: provider.userId, deleted: true } });
    expect(await cardRating(provider)).toEqual({ average: 1, count: 1 });
    expect((await publicFeedback(provider.userId)).feedback.map((entry) => entry.title)).toEqual(['Came back broken']);
    expect((await call('GET', minePath(provider.userId), cara.token)).status).toBe(404);
  });

  it('refuses providers, the form’s missing fields, and providers who are not listed', async () => {
    const provider = await member();
    const other = await member();
    const cara = await client();
    const notListed = await createTestAccount('provider');

    const byProvider = await call('POST', feedbackPath(provider.userId), other.token, { rating: 5, title: 'Colleague' });
    expect({ status: byProvider.status, message: errorOf(byProvider).message }).toEqual({ status: 403, message: FEEDBACK_MESSAGES.clientsOnly });
    const invalid = await call('POST', feedbackPath(provider.userId), cara.token, { title: '   ' });
    expect(invalid.status).toBe(400);
    expect(errorOf(invalid).fields).toEqual({ 'body.rating': FEEDBACK_MESSAGES.ratingRequired, 'body.title': FEEDBACK_MESSAGES.titleRequired });
    const unlisted = await call('POST', feedbackPath(notListed.userId), cara.token, { rating: 5, title: 'Hello' });
    expect({ status: unlisted.status, message: errorOf(unlisted).message }).toEqual({ status: 404, message: FEEDBACK_MESSAGES.providerUnavailable });
    expect((await call('GET', feedbackPath(notListed.userId))).status).toBe(404);
    expect((await publicFeedback(provider.userId)).feedback).toEqual([]);
  });

  it('keeps the feedback of a client who deletes their account, as from a deleted user', async () => {
    const provider = await member();
    const cara = await client();
    const entry = await leave(provider.userId, cara.token, { rating: 4, title: 'Good work' });

    expect((await call('POST', '/me/deletion', cara.token, { password: cara.password })).status).toBe(200);

    expect((await publicFeedback(provider.userId)).feedback).toEqual([{ ...entry, authorName: FEEDBACK_MESSAGES.deletedAuthor }]);
    expect(await cardRating(provider)).toEqual({ average: 4, count: 1 });
  });
});

describe('verified jobs', () => {
  it('marks feedback from a client whose job the provider revealed as a verified job, and not another client’s', async () => {
    const provider = await member();
    const [cara, dan] = await Promise.all([client({ firstName: 'Cara', lastName: 'Jones' }), client({ firstName: 'Dan', lastName: 'Hughes' })]);
    const posted = await call('POST', '/jobs', cara.token, {
      title: 'Replace a cracked window pane',
      description: 'Back bedroom, single glazed.',
      contactEmail: cara.email,
      categories: ['Construction/Trade > Plumber'],
      location: 'Leeds',
    });
    expect(posted.status).toBe(201);
    const jobId = (posted.body as { id: string }).id;
    expect((await call('POST', `/jobs/${jobId}/reveal`, provider.token)).status).toBe(200);

    const verified = await leave(provider.userId, cara.token, { rating: 5, title: 'Came the day after I posted' });
    const unverified = await leave(provider.userId, dan.token, { rating: 4, title: 'Found them in the directory' });

    expect(verified.verifiedJob).toBe(true);
    expect(unverified.verifiedJob).toBe(false);
    const shown = (await publicFeedback(provider.userId)).feedback.map(({ title, verifiedJob }) => ({ title, verifiedJob }));
    expect(shown).toEqual([
      { title: 'Found them in the directory', verifiedJob: false },
      { title: 'Came the day after I posted', verifiedJob: true },
    ]);
    expect(feedbackEntrySchema.parse((await call('GET', minePath(provider.userId), cara.token)).body).verifiedJob).toBe(true);
    expect(feedbackPageSchema.parse((await call('GET', '/me/feedback', provider.token)).body).feedback.map(({ verifiedJob }) => verifiedJob)).toEqual([
      false,
      true,
    ]);
  });
});

describe('replies', () => {
  it('lets the provider the feedback is addressed to reply once and edit it; nobody else may', async () => {
    const provider = await member();
    const other = await member();
    const cara = await client();
    const entry = await leave(provider.userId, cara.token, { rating: 4, title: 'Good work' });

    const first = await call('PUT', replyPath(provider.userId, entry.id), provider.token, { text: 'Thank you!' });
    expect(first.status).toBe(200);
    expect(replyResultSchema.parse(first.body)).toMatchObject({ created: true, feedback: { id: entry.id, reply: { text: 'Thank you!' } } });
    const second = replyResultSchema.parse(
      (await call('PUT', replyPath(provider.userId, entry.id), provider.token, { text: 'Thank you, see you soon.' })).body,
    );
    expect(second.created).toBe(false);
    expect(second.feedback.reply).toMatchObject({ text: 'Thank you, see you soon.' });

    const byOther = await call('PUT', replyPath(provider.userId, entry.id), other.token, { text: 'Not mine' });
    expect({ status: byOther.status, message: errorOf(byOther).message }).toEqual({ status: 403, message: FEEDBACK_MESSAGES.reply.notYours });
    const byClient = await call('PUT', replyPath(provider.userId, entry.id), cara.token, { text: 'Me too' });
    expect({ status: byClient.status, message: errorOf(byClient).message }).toEqual({ status: 403, message: FEEDBACK_MESSAGES.reply.providersOnly });
    const blank = await call('PUT', replyPath(provider.userId, entry.id), provider.token, { text: '  ' });
    expect(errorOf(blank).fields).toEqual({ 'body.text': FEEDBACK_MESSAGES.reply.required });

    const shown = (await publicFeedback(provider.userId)).feedback;
    expect(shown).toEqual([second.feedback]);
    expect(feedbackPageSchema.parse((await call('GET', '/me/feedback', provider.token)).body).feedback).toEqual([second.feedback]);
  });
});
