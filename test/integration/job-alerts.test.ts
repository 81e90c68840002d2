import { randomUUID } from 'node:crypto';
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiErrorBodySchema, JOB_ALERT_MESSAGES, JOB_ALERT_UNSUBSCRIBE_PATH, jobSchema, meResponseSchema, type Job } from '@solutionz/shared';
import { jobKey } from '@solutionz/lambdas/data/jobs';
import { S3RVER_CREDENTIALS } from '../../scripts/local/s3';
import { LOCAL_MAIL_FROM } from '../../scripts/local/stack';
import { createTestAccount, signInTokens, stack, type TestAccount } from '../support/local-stack';
import { subscribeAccount } from '../support/membership';
import { drainTableStream } from '../support/table-stream';

/**
 * Job alerts through the running stack: the worker's handler, given the same stream record of
 * a real posted job twice (and twice at once), mails each provider who wants the job exactly once; the
 * mail's unsubscribe link works over HTTP without signing in. The stack's own stream poller, when it
 * runs, delivers the record a further time: still one mail. Matching and failures are covered in
 * lambdas/src/services/jobs/alerts.test.ts.
 */

type StreamHandler = (event: DynamoDBStreamEvent) => Promise<{ batchItemFailures: { itemIdentifier: string }[] }>;

/** The worker module as the stack loads it: imported once its environment is set, like a cold start. */
async function loadWorker(): Promise<StreamHandler> {
  Object.assign(process.env, {
    TABLE_NAME: stack.tableName,
    AWS_REGION: stack.region,
    SITE_URL: stack.apiBaseUrl.replace(/\/api$/, ''),
    MAIL_FROM_ADDRESS: LOCAL_MAIL_FROM,
    AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: stack.dynamodbEndpoint,
    AWS_ENDPOINT_URL_SESV2: stack.sesUrl,
    LOG_LEVEL: 'ERROR',
    POWERTOOLS_METRICS_DISABLED: 'true',
  });
  return ((await import('@solutionz/lambdas/functions/job-alerts')) as { handler: StreamHandler }).handler;
}

const dynamodb = new DynamoDBClient({ region: stack.region, endpoint: stack.dynamodbEndpoint, credentials: S3RVER_CREDENTIALS });

/** The record the table's stream carries for the job's insert, its image read from the table as stored. */
async function insertRecordOf(job: Job): Promise<DynamoDBStreamEvent> {
  const key = Object.fromEntries(Object.entries(jobKey(job.id)).map(([name, value]) => [name, { S: value }]));
  const { Item } = await dynamodb.send(new GetItemCommand({ TableName: stack.tableName, Key: key, ConsistentRead: true }));
  if (!Item) throw new Error(`The job ${job.id} is not in the table`);
  return {
    Records: [
      {
        eventID: randomUUID(),
        eventName: 'INSERT',
        eventVersion: '1.1',
        eventSource: 'aws:dynamodb',
        awsRegion: stack.region,
        eventSourceARN: `arn:aws:dynamodb:${stack.region}:000000000000:table/${stack.tableName}/stream/local`,
        dynamodb: {
          ApproximateCreationDateTime: Math.floor(Date.now() / 1000),
          Keys: key as never,
          NewImage: Item as never,
          SequenceNumber: String(Date.now()),
          SizeBytes: JSON.stringify(Item).length,
          StreamViewType: 'NEW_IMAGE',
        },
      },
    ],
  };
}

async function call(method: string, path: string, token?: string, body?: unknown) {
  const response = await fetch(`${stack.apiBaseUrl}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, text, body: JSON.parse(text) as unknown };
}

interface InboxMail {
  destination: { to: string[] };
  subject: string;
  body: { text: string };
  headers?: { name: string; value: string }[];
}

async function mailsTo(to: string): Promise<InboxMail[]> {
  const response = await fetch(`${stack.sesUrl}/store?since=${Math.floor(Date.now() / 1000) - 600}`);
  const { emails } = (await response.json()) as { emails: InboxMail[] };
  return emails.filter((mail) => mail.destination.to.includes(to));
}

/** A listed provider in Leeds (a real membership) with Job Alerts as given, signed in. */
async function provider(alertsOn: boolean): Promise<TestAccount & { token: string }> {
  const account = await createTestAccount('provider', { location: 'Leeds' });
  await subscribeAccount(account, 'monthly');
  const { accessToken } = await signInTokens(account.email, account.password);
  const saved = await call('PUT', '/me/notifications', accessToken, { jobAlerts: { enabled: alertsOn, radiusMiles: 10, categories: ['Construction/Trade'] } });
  expect(saved.status, saved.text).toBe(200);
  return { ...account, token: accessToken };
}

let handler: StreamHandler;
beforeAll(async () => {
  handler = await loadWorker();
});

describe('job alerts', () => {
  it('mails each provider who wants a new job once, however often its stream record is delivered, and the link unsubscribes', async () => {
    const [first, second, off] = await Promise.all([provider(true), provider(true), provider(false)]);
    const poster = await createTestAccount('client');
    const posted = await call('POST', '/jobs', (await signInTokens(poster.email, poster.password)).accessToken, {
      title: `Fix a leaking tap ${randomUUID().slice(0, 6)}`,
      description: 'The kitchen tap drips all night.',
      contactEmail: poster.email,
      budget: '£120',
      budgetType: 'fixed',
      categories: ['Construction/Trade > Plumber'],
      location: 'Leeds',
    });
    expect(posted.status, posted.text).toBe(201);
    const job = jobSchema.parse(posted.body);

    const record = await insertRecordOf(job);
    expect(await handler(record)).toEqual({ batchItemFailures: [] });
    expect(await handler(record)).toEqual({ batchItemFailures: [] });
    expect(await Promise.all([handler(record), handler(record)])).toEqual([{ batchItemFailures: [] }, { batchItemFailures: [] }]);
    // The stack's own poller delivers the record too: once it has, still one mail each.
    await drainTableStream();

    for (const member of [first, second]) {
      const mails = (await mailsTo(member.email)).filter((mail) => mail.subject === `New job near you: ${job.title}`);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.body.text).toContain(`/job-directory?job=${job.id}`);
    }
    expect(await mailsTo(off.email)).toHaveLength(0);

    const link = (await mailsTo(first.email))[0]?.body.text
      .match(/https?:\/\/\S+/g)
      ?.map((text) => new URL(text))
      .find((url) => url.pathname === JOB_ALERT_UNSUBSCRIBE_PATH);
    const token = link?.searchParams.get('token') ?? '';
    expect(await call('POST', '/job-alerts/unsubscribe', undefined, { token })).toMatchObject({ status: 200, body: { unsubscribed: true } });
    expect(await call('POST', '/job-alerts/unsubscribe', undefined, { token })).toMatchObject({ status: 200, body: { unsubscribed: true } });
    const me = meResponseSchema.parse((await call('GET', '/me', first.token)).body);
    expect(me.notifications.jobAlerts).toMatchObject({ enabled: false, radiusMiles: 10, categories: ['Construction/Trade'] });

    // The mail program's own unsubscribe button (RFC 8058): a form POST to the List-Unsubscribe address.
    const headers = (await mailsTo(second.email))[0]?.headers ?? [];
    expect(headers.find((header) => header.name === 'List-Unsubscribe-Post')?.value).toBe('List-Unsubscribe=One-Click');
    const oneClick = headers.find((header) => header.name === 'List-Unsubscribe')?.value.replace(/^<(.*)>$/, '$1') ?? '';
    expect(new URL(oneClick).origin).toBe(new URL(stack.apiBaseUrl).origin);
    // A GET of either link (a mail scanner, a link preview) turns nothing off: only the POST does.
    const pageLink =
      (await mailsTo(second.email))[0]?.body.text.match(/https?:\/\/\S+/g)?.find((text) => new URL(text).pathname === JOB_ALERT_UNSUBSCRIBE_PATH) ?? '';
    expect((await fetch(oneClick)).status).toBe(405);
    expect((await fetch(new URL(`${new URL(pageLink).pathname}${new URL(pageLink).search}`, stack.apiBaseUrl))).status).toBe(200);
    expect(meResponseSchema.parse((await call('GET', '/me', second.token)).body).notifications.jobAlerts?.enabled).toBe(true);
    const unsubscribed = await fetch(oneClick, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.status).toBe(200);
    expect(meResponseSchema.parse((await call('GET', '/me', second.token)).body).notifications.jobAlerts?.enabled).toBe(false);
  }, 90_000);

  it("reaches a provider by itself when a job is posted: the stack's stream poller calls the worker, once", async () => {
    const member = await provider(true);
    const poster = await createTestAccount('client');
    const title = `Unblock a drain ${randomUUID().slice(0, 6)}`;
    const posted = await call('POST', '/jobs', (await signInTokens(poster.email, poster.password)).accessToken, {
      title,
      description: 'The outside drain overflows.',
      contactEmail: poster.email,
      categories: ['Construction/Trade > Plumber'],
      location: 'Leeds',
    });
    expect(posted.status, posted.text).toBe(201);
    await drainTableStream();
    expect((await mailsTo(member.email)).filter((mail) => mail.subject === `New job near you: ${title}`)).toHaveLength(1);
  }, 60_000);

  it('answers a token that is not one with the message that says what to do instead', async () => {
    for (const token of ['not-a-real-token', `${randomUUID()}.abcdef`]) {
      const answer = await call('POST', '/job-alerts/unsubscribe', undefined, { token });
      expect(answer.status).toBe(400);
      expect(apiErrorBodySchema.parse(answer.body).error).toMatchObject({
        message: JOB_ALERT_MESSAGES.unsubscribeInvalid,
        fields: { 'body.token': JOB_ALERT_MESSAGES.unsubscribeInvalid },
      });
    }
    const empty = await call('POST', '/job-alerts/unsubscribe', undefined, { token: '' });
    expect(empty.status).toBe(400);
    expect(apiErrorBodySchema.parse(empty.body).error.fields).toEqual({ 'body.token': JOB_ALERT_MESSAGES.unsubscribeInvalid });
  });
});
