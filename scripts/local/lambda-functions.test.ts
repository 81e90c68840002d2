import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Area } from '@solutionz/shared';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, Context } from 'aws-lambda';
import { localFunctions } from './lambda-functions';

const scratch = mkdtempSync(join(tmpdir(), 'solutionz-lambda-functions-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const loads = () => (globalThis as { __solutionzLoads?: Record<string, number> }).__solutionzLoads ?? {};
const answering = (name: string) => `export const handler = async (event) => ({ statusCode: 200, body: '${name} ' + event.rawPath });`;

/** A checkout of Lambda entries (name to module text), each counting its loads under `<root>/<name>`. */
function checkout(root: string, entries: Record<string, string>): string {
  const dir = join(scratch, root, 'lambdas/src/functions');
  mkdirSync(dir, { recursive: true });
  for (const [name, body] of Object.entries(entries)) {
    const key = `${root}/${name}`;
    writeFileSync(join(dir, `${name}.ts`), `const loads = (globalThis.__solutionzLoads ??= {});\nloads['${key}'] = (loads['${key}'] ?? 0) + 1;\n${body}\n`);
  }
  return join(scratch, root);
}

const workers = {
  'post-authentication': answering('trigger'),
  'job-alerts': answering('alerts'),
  'message-mails': answering('mails'),
  'credential-reminders': answering('reminders'),
};
const good = checkout('good', { accounts: answering('accounts'), jobs: answering('jobs'), ...workers });
const broken = checkout('broken', { accounts: 'export const notAHandler = 1;', ...workers });

const event = (rawPath: string) => ({ rawPath }) as APIGatewayProxyEventV2WithJWTAuthorizer;
const context = {} as Context;

describe('the local Lambda functions', () => {
  it('load none before they are called, each on its first call and once', async () => {
    const functions = localFunctions(good, ['accounts', 'jobs'] as Area[]);
    expect(loads()).toEqual({});

    const answers = await Promise.all([
      functions.handlers.accounts!(event('/api/me'), context),
      functions.handlers.accounts!(event('/api/me/avatar'), context),
    ]);
    expect(answers).toEqual([
      { statusCode: 200, body: 'accounts /api/me' },
      { statusCode: 200, body: 'accounts /api/me/avatar' },
    ]);
    expect(await functions.handlers.accounts!(event('/api/again'), context)).toEqual({ statusCode: 200, body: 'accounts /api/again' });
    expect(loads()).toEqual({ 'good/accounts': 1 });

    await functions.warm();
    expect(loads()).toEqual({
      'good/accounts': 1,
      'good/jobs': 1,
      'good/post-authentication': 1,
      'good/job-alerts': 1,
      'good/message-mails': 1,
      'good/credential-reminders': 1,
    });
  });

  it('name the entry that has no handler, when warmed and on every call', async () => {
    const functions = localFunctions(broken, ['accounts'] as Area[]);
    const message = `${join(broken, 'lambdas/src/functions/accounts.ts')} does not export a handler function`;
    await expect(functions.warm()).rejects.toThrow(`Some Lambda functions could not load: ${message}`);
    await expect(functions.handlers.accounts!(event('/api/x'), context)).rejects.toThrow(message);
    // The workers loaded all the same.
    expect(loads()).toMatchObject({ 'broken/post-authentication': 1, 'broken/job-alerts': 1, 'broken/message-mails': 1 });
  });

  it('stop at once when an area of the route table has no entry', () => {
    expect(() => localFunctions(good, ['accounts', 'directory'] as Area[])).toThrow(
      `The route table has routes for area "directory", but its Lambda entry ${join(good, 'lambdas/src/functions/directory.ts')} does not exist`,
    );
  });
});
