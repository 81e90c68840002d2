import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { evidenceUploadGrantSchema, ownCredentialSchema, publicCredentialsSchema, ukDate } from '@solutionz/shared';
import { createTestAccount, s3, signInTokens, stack, type TestAccount } from '../support/local-stack';
import { subscribeAccount } from '../support/membership';

/**
 * Credentials through the running stack: the evidence document goes from the "browser" straight to S3 with a
 * presigned POST, is kept under a private prefix, and only its provider and admins are answered its bytes, never
 * cached. The rules case by case are in lambdas/src/services/credentials.
 */

const siteOrigin = new URL(stack.apiBaseUrl).origin;

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, token?: string, body?: unknown) {
  const response = await fetch(`${stack.apiBaseUrl}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const isJson = response.headers.get('content-type')?.includes('json');
  const bytes = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    headers: response.headers,
    bytes,
    body: isJson && bytes.length ? (JSON.parse(bytes.toString('utf8')) as unknown) : undefined,
  };
}

const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');

async function portfolioKeys(prefix: string): Promise<string[]> {
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: stack.buckets.portfolio, Prefix: prefix }));
  return (listed.Contents ?? []).map((object) => object.Key!);
}

let member: TestAccount;
let memberToken: string;
let adminToken: string;

beforeAll(async () => {
  const admin = await createTestAccount('admin');
  member = await createTestAccount('provider');
  await subscribeAccount(member, 'yearly');
  const tokens = await Promise.all([member, admin].map(async (account) => (await signInTokens(account.email, account.password)).accessToken));
  memberToken = tokens[0]!;
  adminToken = tokens[1]!;
}, 60_000);

describe('credentials', () => {
  it('an evidence document is private: its provider and admins open it uncached, nobody else by its id or its key, and it goes with the account', async () => {
    const added = await call('POST', '/me/credentials', memberToken, {
      type: 'insurance',
      optionId: 'public-liability',
      insurer: 'Aviva',
      coverPounds: 5_000_000,
      expiresOn: '2099-03-31',
    });
    expect(added.status).toBe(201);
    const { id } = ownCredentialSchema.parse(added.body);

    const granted = await call('POST', `/me/credentials/${id}/evidence/uploads`, memberToken, {
      name: 'schedule.pdf',
      type: 'application/pdf',
      size: pdf.length,
    });
    expect(granted.status).toBe(201);
    const grant = evidenceUploadGrantSchema.parse(granted.body);
    const form = new FormData();
    for (const [name, value] of Object.entries(grant.fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }));
    expect((await fetch(grant.url, { method: 'POST', body: form })).status).toBeLessThan(300);
    const attached = await call('POST', `/me/credentials/${id}/evidence`, memberToken, { uploadId: grant.uploadId });
    expect(attached.status).toBe(200);
    const [key] = await portfolioKeys(`private/credentials/${member.userId}/`);
    expect(key).toBeDefined();

    const own = await call('GET', `/me/credentials/${id}/evidence`, memberToken);
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    expect(own.headers.get('content-type')).toBe('application/pdf');
    expect(own.bytes.equals(pdf)).toBe(true);

    const evidencePath = `/admin/providers/${member.userId}/credentials/${id}/evidence`;
    const byAdmin = await call('GET', evidencePath, adminToken);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.headers.get('cache-control')).toBe('private, no-store');

    // A stranger: another provider naming the id is told it does not exist; a client and an anonymous caller are refused.
    const stranger = await createTestAccount('provider');
    const strangerToken = (await signInTokens(stranger.email, stranger.password)).accessToken;
    expect((await call('GET', `/me/credentials/${id}/evidence`, strangerToken)).status).toBe(404);
    expect((await call('GET', evidencePath, strangerToken)).status).toBe(403);
    expect((await call('GET', evidencePath)).status).toBe(401);
    // Nor by its key: the private prefix is never served, however the path is spelled.
    for (const path of [`/${key}`, `/media/../${key}`, `/media/%2e%2e/${key}`, `/media/portfolio/../../${key}`]) {
      const answer = await fetch(`${siteOrigin}${path}`);
      expect(Buffer.from(await answer.arrayBuffer()).equals(pdf), path).toBe(false);
    }

    // Verified: the public page shows the checked facts with the day.
    expect((await call('POST', `/admin/providers/${member.userId}/credentials/${id}/decision`, adminToken, { decision: 'verify' })).status).toBe(200);
    const shown = publicCredentialsSchema.parse((await call('GET', `/providers/${member.userId}/credentials`)).body);
    expect(shown.credentials).toEqual([expect.objectContaining({ id, title: 'Public liability', checkedOn: ukDate(new Date()), expiresOn: '2099-03-31' })]);

    // The account goes, and the document with it.
    expect((await call('POST', '/me/deletion', memberToken, { password: member.password })).status).toBe(200);
    expect(await portfolioKeys(`private/credentials/${member.userId}/`)).toEqual([]);
    expect((await call('GET', evidencePath, adminToken)).status).toBe(404);
  });
});
