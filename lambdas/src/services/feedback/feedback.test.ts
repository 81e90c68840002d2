import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { FEEDBACK_MESSAGES, feedbackEntrySchema, feedbackPageSchema, replyResultSchema } from '@solutionz/shared';
import { documentClient } from '../../adapters/dynamodb';
import type { AuthorizedCaller } from '../../auth/caller';
import { createTableStore } from '../../data/table-store';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors';
import { TEST_CREDENTIALS, TEST_REGION, useTestTable } from '../../testing/dynamodb-table';
import { feedbackEraser, feedbackGivenSection, feedbackReceivedSection } from '../privacy/feedback-data';
import { jobsEraser } from '../privacy/jobs-data';
import type { FeedbackDeps } from './deps';
import { createFeedback, deleteMyFeedback, getMyFeedbackFor, listMyProviderFeedback, listProviderFeedback, updateMyFeedback } from './feedback';
import { replyToFeedback } from './reply';

const table = useTestTable();
const documents = documentClient(new DynamoDBClient({ region: TEST_REGION, endpoint: table.endpoint, credentials: TEST_CREDENTIALS }));
const profiles = createTableStore(documents, table.tableName).entities.profile;
const { feedback, accounts, directory, standing, jobs } = table.repositories;

const NOW = new Date('2026-11-21T12:00:00Z');
let clock = NOW;
let ids = 0;
/** How many times the services asked which authors are verified. */
let verifiedReads = 0;
const countedJobs: FeedbackDeps['jobs'] = {
  verifiedClients: (providerId, clientIds) => {
    verifiedReads++;
    return jobs.verifiedClients(providerId, clientIds);
  },
};
const deps: FeedbackDeps = { feedback, accounts, directory, standing, jobs: countedJobs, clock: () => clock, newId: () => `fb-${++ids}` };

const caller = (userId: string, accountType: AuthorizedCaller['accountType']): AuthorizedCaller => ({
  kind: 'signedIn',
  userId,
  groups: [accountType],
  accountType,
  subscribed: false,
  emailConfirmed: true,
});
const later = (minutes: number) => {
  clock = new Date(clock.getTime() + minutes * 60_000);
};

type ProfileFields = Partial<Parameters<typeof profiles.create>[0]>;

/** A provider as sign-up and a yearly membership leave them, listed in the directory. */
async function provider(userId: string, overrides: ProfileFields = {}) {
  await profiles
    .create({
      userId,
      email: `${userId}@example.co.uk`,
      accountType: 'provider',
      firstName: 'Priya',
      lastName: 'Patel',
      businessName: `Patel Electrical ${userId}`,
      location: 'Birmingham',
      categories: ['Construction/Trade > Electrician'],
      subscriptionTier: 'yearly',
      subscriptionEnd: '2027-11-21T12:00:00.000Z',
      createdAt: NOW.toISOString(),
      updatedAt: NOW.toISOString(),
      ...overrides,
    })
    .go();
  await directory.syncListing(userId, NOW);
  return caller(userId, 'provider');
}

async function client(userId: string, overrides: ProfileFields = {}) {
  await profiles
    .create({
      userId,
      email: `${userId}@example.co.uk`,
      accountType: 'client',
      firstName: 'Cara',
      lastName: userId,
      createdAt: NOW.toISOString(),
      updatedAt: NOW.toISOString(),
      ...overrides,
    })
    .go();
  return caller(userId, 'client');
}

/** The rating as the provider's directory card shows it. */
async function cardRating(providerId: string) {
  const listing = (await directory.getListings([providerId])).get(providerId);
  return { count: listing?.ratingCount, average: listing?.ratingAverage };
}

async function aggregate(providerId: string) {
  const profile = await accounts.getProfile(providerId, { consistent: true });
  return { count: profile?.ratingCount ?? 0, total: profile?.ratingTotal ?? 0 };
}

const publicTitles = async (providerId: string) => (await listProviderFeedback(deps, providerId, { limit: 50 })).feedback.map((entry) => entry.title);

const subject = (userId: string) => ({ userId, email: `${userId}@example.co.uk`, profile: undefined as never });

/** A job the client posted, revealed by the provider (as the reveal route does). */
async function revealedJob(clientId: string, providerId: string, jobId = `job-${clientId}-${providerId}`) {
  await jobs.create(
    {
      jobId,
      ownerId: clientId,
      title: 'Rewire a kitchen',
      description: 'Old wiring.',
      categories: ['Construction/Trade > Electrician'],
      locationName: 'Birmingham',
      lat: 52.48,
      lng: -1.89,
      postedAt: NOW.toISOString(),
      revealCap: 5,
    },
    { contactName: 'Cara', contactEmail: `${clientId}@example.co.uk` },
  );
  expect(await jobs.reveal(jobId, providerId, NOW)).toBe('revealed');
}

beforeEach(() => {
  clock = NOW;
  verifiedReads = 0;
});

describe('leaving feedback', () => {
  it('publishes a client’s feedback at once, under their name, and the provider’s card shows the rating', async () => {
    await provider('priya');
    const cara = await client('cara', { firstName: 'Cara', lastName: 'Jones' });

    const entry = feedbackEntrySchema.parse(
      await createFeedback(deps, cara, 'priya', { rating: 4, title: 'Tidy rewire', description: 'Left the place spotless.' }),
    );

    expect(entry).toEqual({
      id: 'fb-1',
      providerId: 'priya',
      rating: 4,
      title: 'Tidy rewire',
      description: 'Left the place spotless.',
      authorName: 'Cara Jones',
      createdAt: NOW.toISOString(),
      approved: true,
      verifiedJob: false,
    });
    const page = feedbackPageSchema.parse(await listProviderFeedback(deps, 'priya', { limit: 10 }));
    expect(page).toEqual({ feedback: [entry], rating: { average: 4, count: 1 } });
    expect(await cardRating('priya')).toEqual({ count: 1, average: 4 });
    await expect(getMyFeedbackFor(deps, cara, 'priya')).resolves.toEqual(entry);
  });

  it('shows feedback from a client without a name as from an anonymous user, and drops a blank description', async () => {
    await provider('priya');
    const nameless = await client('nameless', { firstName: '', lastName: '' });
    const entry = await createFeedback(deps, nameless, 'priya', { rating: 5, title: 'Great', description: '' });
    expect(entry.authorName).toBe(FEEDBACK_MESSAGES.anonymousAuthor);
    expect(entry).not.toHaveProperty('description');
  });

  it('rejects a second feedback from the same client, and of many sent at once exactly one lands', async () => {
    await provider('priya');
    const cara = await client('cara');
    await createFeedback(deps, cara, 'priya', { rating: 5, title: 'First' });
    await expect(createFeedback(deps, cara, 'priya', { rating: 1, title: 'Second' })).rejects.toThrow(new ConflictError(FEEDBACK_MESSAGES.duplicate));

    await provider('pat');
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => createFeedback(deps, cara, 'pat', { rating: 3, title: `Attempt ${i}` })));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes.filter((outcome) => outcome.status === 'rejected')) {
      expect(outcome.reason).toEqual(new ConflictError(FEEDBACK_MESSAGES.duplicate));
    }
    expect(await aggregate('pat')).toEqual({ count: 1, total: 3 });
    expect(await publicTitles('pat')).toHaveLength(1);
  });

  it('counts every client when many rate one provider at the same moment', async () => {
    await provider('priya');
    const clients = await Promise.all(Array.from({ length: 8 }, (_, i) => client(`client-${i}`)));
    await Promise.all(clients.map((each, i) => createFeedback(deps, each, 'priya', { rating: (i % 5) + 1, title: `From ${i}` })));
    expect(await aggregate('priya')).toEqual({ count: 8, total: 1 + 2 + 3 + 4 + 5 + 1 + 2 + 3 });
    expect(await cardRating('priya')).toEqual({ count: 8, average: 21 / 8 });
  });

  it('refuses feedback on one’s own profile and on a provider who is not listed', async () => {
    const priya = await provider('priya');
    await expect(createFeedback(deps, { ...priya, accountType: 'client' }, 'priya', { rating: 5, title: 'Me' })).rejects.toThrow(
      new ForbiddenError(FEEDBACK_MESSAGES.ownPage),
    );

    await provider('lapsed', { subscriptionTier: 'none', subscriptionEnd: undefined });
    const cara = await client('cara');
    await expect(createFeedback(deps, cara, 'lapsed', { rating: 5, title: 'Hello' })).rejects.toThrow(new NotFoundError(FEEDBACK_MESSAGES.providerUnavailable));
    await expect(createFeedback(deps, cara, 'nobody', { rating: 5, title: 'Hello' })).rejects.toThrow(NotFoundError);
    await expect(listProviderFeedback(deps, 'lapsed', { limit: 10 })).rejects.toThrow(new NotFoundError(FEEDBACK_MESSAGES.providerUnavailable));
    expect(await feedback.listAllGiven('cara')).toEqual([]);
    expect(await feedback.listAllReceived('priya')).toEqual([]);
    expect(await feedback.listAllReceived('lapsed')).toEqual([]);
  });
});

describe('the author’s own feedback', () => {
  it('moves the rating by the difference when edited, and takes a left-out description away', async () => {
    await provider('priya');
    const cara = await client('cara');
    const dan = await client('dan');
    await createFeedback(deps, cara, 'priya', { rating: 2, title: 'Late', description: 'Two hours late.' });
    await createFeedback(deps, dan, 'priya', { rating: 4, title: 'Fine' });
    later(60);

    const edited = await updateMyFeedback(deps, cara, 'priya', { rating: 5, title: 'Late but excellent' });

    expect(edited).toMatchObject({ rating: 5, title: 'Late but excellent', updatedAt: clock.toISOString(), createdAt: NOW.toISOString() });
    expect(edited).not.toHaveProperty('description');
    expect(await aggregate('priya')).toEqual({ count: 2, total: 9 });
    expect(await cardRating('priya')).toEqual({ count: 2, average: 4.5 });
    await expect(getMyFeedbackFor(deps, cara, 'priya')).resolves.toEqual(edited);
  });

  it('takes deleted feedback out of the list and the rating, after which the client may leave it again', async () => {
    await provider('priya');
    const cara = await client('cara');
    await createFeedback(deps, cara, 'priya', { rating: 1, title: 'Poor' });

    await expect(deleteMyFeedback(deps, cara, 'priya')).resolves.toEqual({ providerId: 'priya', deleted: true });

    expect(await publicTitles('priya')).toEqual([]);
    expect(await aggregate('priya')).toEqual({ count: 0, total: 0 });
    expect(await cardRating('priya')).toEqual({ count: 0, average: undefined });
    await expect(getMyFeedbackFor(deps, cara, 'priya')).rejects.toThrow(new NotFoundError(FEEDBACK_MESSAGES.notFound));
    await createFeedback(deps, cara, 'priya', { rating: 4, title: 'Came back and fixed it' });
    expect(await aggregate('priya')).toEqual({ count: 1, total: 4 });
  });

  it('lets the author edit and delete their feedback while the provider’s account is being erased', async () => {
    await provider('priya');
    const cara = await client('cara');
    await createFeedback(deps, cara, 'priya', { rating: 3, title: 'Fine' });
    await profiles.delete({ userId: 'priya' }).go();

    await expect(updateMyFeedback(deps, cara, 'priya', { rating: 5, title: 'Great' })).resolves.toMatchObject({ rating: 5, title: 'Great' });
    await expect(deleteMyFeedback(deps, cara, 'priya')).resolves.toEqual({ providerId: 'priya', deleted: true });
    expect(await accounts.getProfile('priya', { consistent: true })).toBeUndefined();
    expect(await feedback.listAllGiven('cara')).toEqual([]);
  });

  it('answers not found to someone without feedback for the provider', async () => {
    await provider('priya');
    const dan = await client('dan');
    await expect(updateMyFeedback(deps, dan, 'priya', { rating: 3, title: 'x' })).rejects.toThrow(new NotFoundError(FEEDBACK_MESSAGES.notFound));
    await expect(deleteMyFeedback(deps, dan, 'priya')).rejects.toThrow(new NotFoundError(FEEDBACK_MESSAGES.notFound));
    await expect(getMyFeedbackFor(deps, dan, 'priya')).rejects.toThrow(new NotFoundError(FEEDBACK_MESSAGES.notFound));
  });

  it('keeps the rating right when the author edits the same feedback many times at once', async () => {
    await provider('priya');
    const cara = await client('cara');
    await createFeedback(deps, cara, 'priya', { rating: 1, title: 'Start' });
    const ratings = [5, 2, 4, 3, 5, 1, 2, 4];
    await Promise.all(ratings.map((rating) => updateMyFeedback(deps, cara, 'priya', { rating, title: `Now ${rating}` })));
    const final = await getMyFeedbackFor(deps, cara, 'priya');
    expect(await aggregate('priya')).toEqual({ count: 1, total: final.rating });
  });
});

describe('listing feedback', () => {
  it('pages newest first with a cursor, and refuses a cursor it did not make', async () => {
    await provider('priya');
    for (let i = 1; i <= 5; i++) {
      await createFeedback(deps, await client(`client-${i}`), 'priya', { rating: 5, title: `Feedback ${i}` });
      later(1);
    }
    const first = await listProviderFeedback(deps, 'priya', { limit: 2 });
    const second = await listProviderFeedback(deps, 'priya', { limit: 2, cursor: first.nextCursor });
    const third = await listProviderFeedback(deps, 'priya', { limit: 2, cursor: second.nextCursor });
    expect([first, second, third].map((page) => page.feedback.map((entry) => entry.title))).toEqual([
      ['Feedback 5', 'Feedback 4'],
      ['Feedback 3', 'Feedback 2'],
      ['Feedback 1'],
    ]);
    expect(third.nextCursor).toBeUndefined();
    await expect(listProviderFeedback(deps, 'priya', { limit: 2, cursor: 'not-ours' })).rejects.toThrow(ValidationError);
  });

  it('shows the provider all feedback addressed to them, published or not, even while they are not listed', async () => {
    const priya = await provider('priya');
    const cara = await client('cara');
    const dan = await client('dan');
    const hidden = await createFeedback(deps, cara, 'priya', { rating: 1, title: 'Rude' });
    later(1);
    await createFeedback(deps, dan, 'priya', { rating: 5, title: 'Lovely' });
    await feedback.setApproved(hidden.id, false);
    await profiles.patch({ userId: 'priya' }).set({ isVisible: false }).go();
    await directory.syncListing('priya', NOW);

    const mine = await listMyProviderFeedback(deps, priya, { limit: 10 });
    expect(mine.feedback.map((entry) => [entry.title, entry.approved])).toEqual([
      ['Lovely', true],
      ['Rude', false],
    ]);
    expect(mine.rating).toEqual({ average: 5, count: 1 });
    await expect(listProviderFeedback(deps, 'priya', { limit: 10 })).rejects.toThrow(NotFoundError);
  });
});

describe('moderation through the data layer (the admin issue)', () => {
  it('keeps the rating to published feedback through unpublish, edit, publish and delete', async () => {
    await provider('priya');
    const cara = await client('cara');
    const dan = await client('dan');
    const rude = await createFeedback(deps, cara, 'priya', { rating: 1, title: 'Rude' });
    later(1);
    await createFeedback(deps, dan, 'priya', { rating: 5, title: 'Lovely' });

    await feedback.setApproved(rude.id, false);
    expect(await aggregate('priya')).toEqual({ count: 1, total: 5 });
    expect(await publicTitles('priya')).toEqual(['Lovely']);

    await feedback.edit(rude.id, { rating: 2, title: 'Brusque' }, NOW);
    expect(await aggregate('priya')).toEqual({ count: 1, total: 5 });

    await feedback.setApproved(rude.id, true);
    expect(await aggregate('priya')).toEqual({ count: 2, total: 7 });
    expect(await publicTitles('priya')).toEqual(['Lovely', 'Brusque']);

    await feedback.remove(rude.id);
    expect(await aggregate('priya')).toEqual({ count: 1, total: 5 });
    await expect(getMyFeedbackFor(deps, cara, 'priya')).rejects.toThrow(NotFoundError);
  });
});

describe('replies', () => {
  it('lets the provider reply once and then edit that reply, shown with the feedback', async () => {
    const priya = await provider('priya');
    const cara = await client('cara');
    const entry = await createFeedback(deps, cara, 'priya', { rating: 4, title: 'Good' });
    later(30);
    const first = replyResultSchema.parse(await replyToFeedback(deps, priya, { providerId: 'priya', feedbackId: entry.id }, 'Thank you, Cara!'));
    const repliedAt = clock.toISOString();
    later(30);
    const second = await replyToFeedback(deps, priya, { providerId: 'priya', feedbackId: entry.id }, 'Thank you, Cara. See you next time.');

    expect(first.created).toBe(true);
    expect(second).toEqual({
      created: false,
      feedback: { ...entry, reply: { text: 'Thank you, Cara. See you next time.', createdAt: repliedAt, updatedAt: clock.toISOString() } },
    });
    expect((await listProviderFeedback(deps, 'priya', { limit: 10 })).feedback).toEqual([second.feedback]);
    expect(await aggregate('priya')).toEqual({ count: 1, total: 4 });
  });

  it('of two first replies sent at once, tells exactly one it was new', async () => {
    const priya = await provider('priya');
    const entry = await createFeedback(deps, await client('cara'), 'priya', { rating: 4, title: 'Good' });
    const results = await Promise.all(['One', 'Two'].map((text) => replyToFeedback(deps, priya, { providerId: 'priya', feedbackId: entry.id }, text)));
    expect(results.map((result) => result.created).sort()).toEqual([false, true]);
  });

  it('refuses a reply from a provider the feedback is not addressed to, and to feedback that does not exist', async () => {
    await provider('priya');
    const pat = await provider('pat');
    const entry = await createFeedback(deps, await client('cara'), 'priya', { rating: 4, title: 'Good' });
    await expect(replyToFeedback(deps, pat, { providerId: 'priya', feedbackId: entry.id }, 'Hi')).rejects.toThrow(
      new ForbiddenError(FEEDBACK_MESSAGES.reply.notYours),
    );
    await expect(replyToFeedback(deps, pat, { providerId: 'pat', feedbackId: entry.id }, 'Hi')).rejects.toThrow(new NotFoundError(FEEDBACK_MESSAGES.notFound));
    await expect(replyToFeedback(deps, pat, { providerId: 'pat', feedbackId: 'missing' }, 'Hi')).rejects.toThrow(NotFoundError);
    expect((await feedback.get(entry.id))?.reply).toBeUndefined();
  });
});

describe('verified jobs', () => {
  it('marks feedback from a client whose job the provider revealed, wherever it is shown, and not another client’s', async () => {
    const priya = await provider('priya');
    const cara = await client('cara');
    const dan = await client('dan');
    await revealedJob('cara', 'priya');
    await revealedJob('dan', 'pat');

    const verified = await createFeedback(deps, cara, 'priya', { rating: 5, title: 'Came the same day' });
    const other = await createFeedback(deps, dan, 'priya', { rating: 4, title: 'Found her in the directory' });
    expect(verified.verifiedJob).toBe(true);
    expect(other.verifiedJob).toBe(false);

    verifiedReads = 0;
    const page = await listProviderFeedback(deps, 'priya', { limit: 10 });
    expect(page.feedback.map(({ title, verifiedJob }) => ({ title, verifiedJob }))).toEqual([
      { title: 'Found her in the directory', verifiedJob: false },
      { title: 'Came the same day', verifiedJob: true },
    ]);
    expect(verifiedReads).toBe(1);
    expect((await listMyProviderFeedback(deps, priya, { limit: 10 })).feedback.map(({ verifiedJob }) => verifiedJob)).toEqual([false, true]);
    expect((await getMyFeedbackFor(deps, cara, 'priya')).verifiedJob).toBe(true);
    expect((await updateMyFeedback(deps, cara, 'priya', { rating: 4, title: 'Came the next day' })).verifiedJob).toBe(true);
    expect((await replyToFeedback(deps, priya, { providerId: 'priya', feedbackId: verified.id }, 'Thank you!')).feedback.verifiedJob).toBe(true);
  });

  it('keeps the mark when the job is deleted, and drops it when the client’s account is erased', async () => {
    await provider('priya');
    const cara = await client('cara');
    await revealedJob('cara', 'priya', 'boiler');
    await createFeedback(deps, cara, 'priya', { rating: 5, title: 'Fixed the boiler' });

    expect(await jobs.delete('boiler', 'cara')).toBe(true);
    expect((await listProviderFeedback(deps, 'priya', { limit: 10 })).feedback[0]?.verifiedJob).toBe(true);

    await jobsEraser(jobs).erase(subject('cara'));
    await feedbackEraser(feedback).erase(subject('cara'));
    expect((await listProviderFeedback(deps, 'priya', { limit: 10 })).feedback[0]).toMatchObject({
      authorName: FEEDBACK_MESSAGES.deletedAuthor,
      verifiedJob: false,
    });
    expect(await jobs.verifiedClients('priya', ['cara'])).toEqual(new Set());
  });
});

describe('account deletion and export', () => {
  it('exports the feedback a client gave and a provider received, with replies and without other people’s ids', async () => {
    const priya = await provider('priya');
    const cara = await client('cara', { firstName: 'Cara', lastName: 'Jones' });
    const entry = await createFeedback(deps, cara, 'priya', { rating: 4, title: 'Good', description: 'On time.' });
    await replyToFeedback(deps, priya, { providerId: 'priya', feedbackId: entry.id }, 'Thanks!');
    const reply = { text: 'Thanks!', createdAt: NOW.toISOString(), updatedAt: NOW.toISOString() };
    const common = { rating: 4, title: 'Good', description: 'On time.', published: true, createdAt: NOW.toISOString(), updatedAt: null, reply };

    expect(await feedbackGivenSection(feedback).collect(subject('cara'))).toEqual([{ providerId: 'priya', authorName: 'Cara Jones', ...common }]);
    const received = await feedbackReceivedSection(feedback).collect(subject('priya'));
    expect(received).toEqual([{ authorName: 'Cara Jones', ...common }]);
    expect(JSON.stringify(received)).not.toContain('cara');
  });

  it('keeps an erased client’s feedback as from a deleted user, with nothing that leads back to them', async () => {
    await provider('priya');
    const cara = await client('cara');
    const entry = await createFeedback(deps, cara, 'priya', { rating: 4, title: 'Good' });

    await feedbackEraser(feedback).erase(subject('cara'));
    await feedbackEraser(feedback).erase(subject('cara'));

    expect((await listProviderFeedback(deps, 'priya', { limit: 10 })).feedback).toEqual([{ ...entry, authorName: FEEDBACK_MESSAGES.deletedAuthor }]);
    expect((await feedback.get(entry.id))?.authorId).toBeUndefined();
    // Whatever is still stored about the entry names no author.
    expect(JSON.stringify(await table.itemsMentioning(entry.id))).not.toMatch(/cara/i);
    expect(await feedback.listAllGiven('cara')).toEqual([]);
    expect(await aggregate('priya')).toEqual({ count: 1, total: 4 });
  });

  it('deletes the feedback an erased provider received, so its authors may rate others freely', async () => {
    await provider('priya');
    await provider('pat');
    const cara = await client('cara');
    await createFeedback(deps, cara, 'priya', { rating: 4, title: 'For Priya' });
    await createFeedback(deps, cara, 'pat', { rating: 5, title: 'For Pat' });

    await feedbackEraser(feedback).erase(subject('priya'));

    expect(await feedback.listAllReceived('priya')).toEqual([]);
    expect(await aggregate('priya')).toEqual({ count: 0, total: 0 });
    expect((await feedback.listAllGiven('cara')).map((entry) => entry.title)).toEqual(['For Pat']);
    expect(await publicTitles('pat')).toEqual(['For Pat']);
  });
});
