import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { GetCommand, paginateScan, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { avatarKeyPrefixes } from '@solutionz/lambdas/services/profiles/avatar-keys';
import { ACCOUNT_MESSAGES, SECURITY_MESSAGES, type DataExport } from '@solutionz/shared';
import { cognito, documents, s3, stack } from '../support/local-stack';
import { expect, test, type TestAccount } from './support/fixtures';
import { nowInSeconds, uniqueEmail } from './support/inbox';
import { bearer, giveAvatar, mailWithSubject, openSecurityTab } from './support/security';
import { expectSignedOutHeader, logIn } from './support/session';

/** Download my data and delete account: what the person gets, and what the product keeps afterwards (nothing). */

/** An e-mail change link sent (so the account has a link token and a countdown), through the API. */
async function requestEmailChange(request: APIRequestContext, account: TestAccount): Promise<string> {
  const newEmail = uniqueEmail('e2e-next');
  const answer = await request.post('/api/me/email-change', { headers: await bearer(account), data: { newEmail, currentPassword: account.password } });
  expect(answer.status(), await answer.text()).toBe(202);
  return newEmail;
}

const profileItem = async (userId: string) =>
  (await documents.send(new GetCommand({ TableName: stack.tableName, Key: { PK: `USER#${userId}`, SK: 'PROFILE' } }))).Item;

/** The account's link tokens ("tokens of a user" in lambdas/src/data/accounts.ts). */
const tokenItems = async (userId: string) =>
  (
    await documents.send(
      new QueryCommand({
        TableName: stack.tableName,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :user',
        ExpressionAttributeValues: { ':user': `USER#${userId}` },
      }),
    )
  ).Items ?? [];

/** Every item in the table that holds one of these texts anywhere, in a key or a value. */
async function itemsMentioning(...texts: string[]): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  for await (const page of paginateScan({ client: documents }, { TableName: stack.tableName, ConsistentRead: true })) {
    found.push(...(page.Items ?? []).filter((item) => texts.some((text) => JSON.stringify(item).includes(text))));
  }
  return found;
}

const avatarFiles = async (userId: string) => {
  const keys: string[] = [];
  for (const prefix of avatarKeyPrefixes(userId)) {
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: stack.buckets.avatars, Prefix: prefix }));
    keys.push(...(listed.Contents ?? []).map((object) => object.Key!));
  }
  return keys;
};

test.describe('a client', () => {
  test.use({ signedInAs: 'client' });

  test('downloads a JSON file of their data with the profile and no secrets', async ({ page, account, request }) => {
    const newEmail = await requestEmailChange(request, account);
    const [token] = await tokenItems(account.userId);
    await openSecurityTab(page);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('solutionz-my-data.json');
    const text = await readFile(await download.path(), 'utf8');
    const data = JSON.parse(text) as DataExport;

    expect(data.account).toMatchObject({ userId: account.userId, email: account.email, accountType: 'client' });
    expect(data.profile).toMatchObject({ firstName: account.firstName, lastName: account.lastName, location: 'Leeds' });
    expect(data.sections.emailLinks).toEqual([expect.objectContaining({ purpose: 'change-email', sentTo: newEmail })]);
    expect(text).not.toContain(account.password);
    expect(text).not.toContain(String(token!.tokenHash));
    expect(text).not.toMatch(/tokenHash|sessionsValidAfter|geohash|"PK"|accessToken|refreshToken/);
  });
});

test.describe('a provider', () => {
  test.use({ signedInAs: 'provider' });

  test('deletes the account with the password, is signed out and mailed, and nothing of it is left', async ({ page, account, request }) => {
    await giveAvatar(request, account);
    await requestEmailChange(request, account);
    const { businessId } = (await profileItem(account.userId))!;
    expect(await avatarFiles(account.userId)).toHaveLength(2);
    expect(await tokenItems(account.userId)).toHaveLength(1);
    const since = nowInSeconds();

    await openSecurityTab(page);
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await expect(dialog.getByText(SECURITY_MESSAGES.deleteConfirm)).toBeVisible();
    await dialog.getByLabel('Password').fill('Not-the-password-1');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog.getByText(SECURITY_MESSAGES.currentPasswordWrong)).toBeVisible();
    expect(await profileItem(account.userId)).toBeDefined();

    await dialog.getByLabel('Password').fill(account.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByText(SECURITY_MESSAGES.accountDeleted.title)).toBeVisible();
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    await expectSignedOutHeader(page);
    await mailWithSubject(account.email, 'Your Solutionz account was deleted', since);

    // Nothing in the table leads back to the account: no profile, address, token, countdown, business or search word.
    expect(await itemsMentioning(account.userId, String(businessId))).toEqual([]);
    expect(await avatarFiles(account.userId)).toEqual([]);
    await expect(cognito.send(new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: account.email }))).rejects.toMatchObject({
      name: 'UserNotFoundException',
    });

    await logIn(page, account, 'provider');
    await expect(page.getByRole('alert').filter({ hasText: ACCOUNT_MESSAGES.loginFailed })).toBeVisible();
    await expectSignedOutHeader(page);
  });
});
