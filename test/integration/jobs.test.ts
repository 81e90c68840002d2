import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiErrorBodySchema, JOB_MESSAGES, jobBoardPageSchema, jobPageSchema, jobRevealResponseSchema, jobSchema, type Job } from '@solutionz/shared';
import { createTestAccount, signInTokens, stack, type TestAccount } from '../support/local-stack';
import { subscribeAccount } from '../support/membership';

/**
 * Jobs through the running stack (docs/product/jobs.md): contact details in no answer but the
 * poster's and a revealing member's (read in the raw JSON), the reveal cap under a crowd, deleting by the
 * poster only, the strict form, the board's filters and paging. Service cases are in lambdas/src/services/jobs.
 */

async function call(method: string, path: string, token?: string, body?: unknown) {
  const response = await fetch(`${stack.apiBaseUrl}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, text, body: JSON.parse(text) as unknown };
}

const errorOf = (answer: { body: unknown }) => apiErrorBodySchema.parse(answer.body).error;

async function signedIn(account: TestAccount) {
  return { ...account, token: (await signInTokens(account.email, account.password)).accessToken };
}
const client = async () => signedIn(await createTestAccount('client'));
const provider = async () => signedIn(await createTestAccount('provider'));
async function member() {
  const account = await createTestAccount('provider');
  // The local Stripe delivers every member's webhooks from one queue: thirty made at once wait their turn.
  await subscribeAccount(account, 'yearly', { timeoutMs: 60_000 });
  return signedIn(account);
}

const CONTACT_EMAIL_DOMAIN = 'contact-only.example.co.uk';
const CONTACT_PHONE = '07700 900461';

async function postJob(token: string, overrides: Record<string, unknown> = {}): Promise<Job> {
  const answer = await call('POST', '/jobs', token, {
    title: `Rewire a kitchen ${randomUUID().slice(0, 8)}`,
    description: 'Old wiring, new sockets.',
    contactEmail: `poster-${randomUUID().slice(0, 8)}@${CONTACT_EMAIL_DOMAIN}`,
    contactPhone: CONTACT_PHONE,
    budget: '£800',
    budgetType: 'fixed',
    categories: ['Construction/Trade > Electrician'],
    location: 'Leeds',
    ...overrides,
  });
  expect(answer.status, answer.text).toBe(201);
  return jobSchema.parse(answer.body);
}

/** No contact detail in the raw answer. */
function expectNoContact(text: string) {
  expect(text).not.toContain(CONTACT_EMAIL_DOMAIN);
  expect(text).not.toContain(CONTACT_PHONE);
  expect(text).not.toContain('contact');
}

describe('contact details', () => {
  it('are in no jobs answer for anyone but the poster and a member who revealed the job', async () => {
    const [poster, otherClient, plainProvider, revealer, otherMember] = await Promise.all([client(), client(), provider(), member(), member()]);
    const job = await postJob(poster.token);
    expect(job.contact?.contactEmail).toContain(CONTACT_EMAIL_DOMAIN);
    await call('POST', `/jobs/${job.id}/reveal`, revealer.token);

    for (const token of [undefined, otherClient.token, plainProvider.token, otherMember.token, revealer.token, poster.token]) {
      expectNoContact((await call('GET', '/jobs', token)).text);
      expectNoContact((await call('GET', `/jobs/${job.id}`, token)).text);
    }
    for (const token of [otherClient.token, plainProvider.token, otherMember.token]) {
      expectNoContact((await call('GET', '/me/job-board', token)).text);
      expectNoContact((await call('GET', `/me/job-board/${job.id}`, token)).text);
    }
    const refused = await call('POST', `/jobs/${job.id}/reveal`, plainProvider.token);
    expect(refused.status).toBe(403);
    expect(errorOf(refused).message).toBe(JOB_MESSAGES.subscriptionRequired);
    expectNoContact(refused.text);

    for (const token of [revealer.token, poster.token]) {
      const mine = jobSchema.parse((await call('GET', `/me/job-board/${job.id}`, token)).body);
      expect(mine.contact).toEqual({ contactName: expect.any(String), contactEmail: job.contact!.contactEmail, contactPhone: CONTACT_PHONE });
    }
    const board = jobBoardPageSchema.parse((await call('GET', '/me/job-board', revealer.token)).body);
    expect(board.jobs.find(({ id }) => id === job.id)?.contact?.contactEmail).toBe(job.contact!.contactEmail);
  });
});

describe('the reveal cap', () => {
  it('records exactly 5 of 30 members revealing at once; the rest hear "Enough interest"', async () => {
    const poster = await client();
    const job = await postJob(poster.token, { revealCap: 5 });
    const members = await Promise.all(Array.from({ length: 30 }, () => member()));
    const answers = await Promise.all(members.map((one) => call('POST', `/jobs/${job.id}/reveal`, one.token)));
    expect(answers.filter(({ status }) => status === 200)).toHaveLength(5);
    const refused = answers.filter(({ status }) => status === 409);
    expect(refused).toHaveLength(25);
    expect(refused.every((answer) => errorOf(answer).message === JOB_MESSAGES.enoughInterest)).toBe(true);
    expect(jobSchema.parse((await call('GET', `/jobs/${job.id}`)).body)).toMatchObject({ revealCount: 5, enoughInterest: true });

    const winner = members[answers.findIndex(({ status }) => status === 200)]!;
    const again = await call('POST', `/jobs/${job.id}/reveal`, winner.token);
    expect(again.status).toBe(200);
    expect(jobRevealResponseSchema.parse(again.body).job).toMatchObject({ revealCount: 5, contact: { contactEmail: job.contact!.contactEmail } });
    // Thirty paid memberships are made first: that, not the reveals, takes the time.
  }, 90_000);
});

describe('posting and deleting', () => {
  it("refuses a form with a field it does not know, and one without a category in the product's words", async () => {
    const poster = await client();
    const base = { title: 'Paint a fence', description: 'Twenty metres.', contactEmail: 'a@example.co.uk', categories: ['Garden'], location: 'Leeds' };
    expect((await call('POST', '/jobs', poster.token, { ...base, ownerId: 'someone-else' })).status).toBe(400);
    const noCategory = await call('POST', '/jobs', poster.token, { ...base, categories: [] });
    expect(noCategory.status).toBe(400);
    expect(JSON.stringify(errorOf(noCategory))).toContain(JOB_MESSAGES.categoryRequired.description);
  });

  it("refuses providers in the product's words", async () => {
    const answer = await call('POST', '/jobs', (await member()).token, {
      title: 'x',
      description: 'y',
      contactEmail: 'a@example.co.uk',
      categories: ['Garden'],
      location: 'Leeds',
    });
    expect(answer.status).toBe(403);
    expect(errorOf(answer).message).toBe(JOB_MESSAGES.clientsOnly.description);
  });

  it('deletes a job for its poster only, with the reveals and saves of it', async () => {
    const [poster, stranger, revealer] = await Promise.all([client(), client(), member()]);
    const job = await postJob(poster.token);
    await call('POST', `/jobs/${job.id}/reveal`, revealer.token);
    expect((await call('PUT', `/me/saved-jobs/${job.id}`, revealer.token)).status).toBe(200);

    expect((await call('DELETE', `/jobs/${job.id}`, stranger.token)).status).toBe(404);
    expect((await call('GET', `/jobs/${job.id}`)).status).toBe(200);
    expect((await call('DELETE', `/jobs/${job.id}`, poster.token)).status).toBe(200);
    expect((await call('GET', `/jobs/${job.id}`)).status).toBe(404);
    expect(jobPageSchema.parse((await call('GET', '/me/saved-jobs', revealer.token)).body).total).toBe(0);
    expect(jobPageSchema.parse((await call('GET', '/me/jobs', poster.token)).body).total).toBe(0);
  });
});

describe('the board', () => {
  it('applies the budget range only with both ends, the type, and pages 5 at a time with a cursor and the kept total', async () => {
    const poster = await client();
    const tag = randomUUID().slice(0, 8);
    const category = `Matrix Trades ${tag}`;
    const post = (title: string, budget: string, budgetType: 'hourly' | 'fixed') =>
      postJob(poster.token, { title, budget, budgetType, categories: [`${category} > Odd jobs`] });
    for (let n = 1; n <= 6; n++) await post(`Fixed ${n}`, `£${n * 1000}`, 'fixed');
    await post('Hourly', '£40 an hour', 'hourly');

    const board = async (query: Record<string, string>) => {
      const answer = await call('GET', `/jobs?${new URLSearchParams({ category, ...query })}`);
      expect(answer.status, answer.text).toBe(200);
      return jobBoardPageSchema.parse(answer.body);
    };
    const titles = (page: { jobs: Job[] }) => page.jobs.map(({ title }) => title);
    const first = await board({});
    expect(first.total).toBe(7);
    expect(titles(first)).toEqual(['Hourly', 'Fixed 6', 'Fixed 5', 'Fixed 4', 'Fixed 3']);
    expect(titles(await board({ cursor: first.nextCursor! }))).toEqual(['Fixed 2', 'Fixed 1']);
    // The last page by its number alone, and the page before it through the token it gives.
    const last = await board({ page: '2' });
    expect(last).toMatchObject({ page: 2, pageCount: 2 });
    expect(titles(last)).toEqual(['Fixed 2', 'Fixed 1']);
    expect(titles(await board({ cursor: last.previousCursor! }))).toEqual(titles(first));
    expect((await board({ budgetType: 'fixed' })).total).toBe(6);
    expect(titles(await board({ minBudget: '1500', maxBudget: '3500' }))).toEqual(['Fixed 3', 'Fixed 2']);
    expect((await board({ minBudget: '1500' })).total).toBe(7);
    expect(titles(await board({ budgetType: 'hourly' }))).toEqual(['Hourly']);
    expect((await board({ location: 'York', radius: '5' })).jobs).toEqual([]);
    expect((await board({ location: 'Leeds', radius: '5' })).jobs).toHaveLength(5);
    const edited = await call('GET', `/jobs?${new URLSearchParams({ category, cursor: 'edited' })}`);
    expect(edited.status).toBe(400);
    expect(errorOf(edited).message).toBe(JOB_MESSAGES.badCursor);
  });
});
