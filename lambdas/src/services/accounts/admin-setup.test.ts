import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '@solutionz/shared';
import { useTestTable } from '../../testing/dynamodb-table';
import { failNextSend } from '../../testing/sdk-middleware';
import { useTestUserPool } from '../../testing/user-pool';
import { adminOverview, setupFirstAdmin } from './admin-setup';
import type { AdminDeps } from './deps';

const table = useTestTable();
const pool = useTestUserPool();

function adminDeps(adminSetupToken?: string) {
  const { identity, client: cognito } = pool.identity();
  const deps: AdminDeps = {
    accounts: table.repositories.accounts,
    adminSetup: table.repositories.adminSetup,
    standing: table.repositories.standing,
    identity,
    clock: () => new Date('2026-11-21T12:00:00Z'),
    random: { id: () => 'reservation-1' },
    config: { adminEmailDomain: 'admin.solutionz.test', ...(adminSetupToken ? { adminSetupToken } : {}) },
  };
  return { deps, cognito };
}

const input = { username: '  Head.Office ', password: 'Admin-pass-1' };

describe('first-admin setup', () => {
  it('creates an admin with the internal address and a confirmed profile, once', async () => {
    const { deps } = adminDeps();
    const admin = await setupFirstAdmin(deps, input, undefined);
    const user = await pool.user('head.office@admin.solutionz.test');
    expect(admin).toEqual({ userId: user?.sub, email: 'head.office@admin.solutionz.test' });
    expect(user).toMatchObject({ status: 'CONFIRMED', groups: ['admin'] });
    expect(await pool.signsIn('head.office@admin.solutionz.test', 'Admin-pass-1')).toBe(true);
    expect(await deps.accounts.getProfile(admin.userId)).toMatchObject({
      accountType: 'admin',
      email: 'head.office@admin.solutionz.test',
      emailConfirmedAt: '2026-11-21T12:00:00.000Z',
    });
    expect(await deps.accounts.findUserIdByEmail('head.office@admin.solutionz.test')).toBe(admin.userId);
    await expect(adminOverview(deps)).resolves.toEqual({ adminSetup: { completed: true, completedAt: '2026-11-21T12:00:00.000Z' } });

    await expect(setupFirstAdmin(deps, { ...input, username: 'other' }, undefined)).rejects.toMatchObject({
      statusCode: 409,
      message: ADMIN_MESSAGES.alreadyExists,
    });
    expect(await pool.emails()).toEqual(['head.office@admin.solutionz.test']);
  });

  it('lets exactly one of several concurrent setups through', async () => {
    const { deps } = adminDeps();
    const results = await Promise.allSettled(['a', 'b', 'c'].map((username) => setupFirstAdmin(deps, { ...input, username }, undefined)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').map((r) => r.reason)).toEqual([
      expect.objectContaining({ statusCode: 409 }),
      expect.objectContaining({ statusCode: 409 }),
    ]);
    expect(await pool.emails()).toHaveLength(1);
  });

  it('with a configured setup token: 401 without it, 403 with a wrong one, created with the right one', async () => {
    const { deps } = adminDeps('s3cret-token');
    await expect(setupFirstAdmin(deps, input, undefined)).rejects.toMatchObject({ statusCode: 401, message: ADMIN_MESSAGES.setupTokenInvalid });
    await expect(setupFirstAdmin(deps, input, 'guess')).rejects.toMatchObject({ statusCode: 403, message: ADMIN_MESSAGES.setupTokenInvalid });
    expect(await pool.emails()).toEqual([]);
    await expect(setupFirstAdmin(deps, input, 's3cret-token')).resolves.toMatchObject({ email: 'head.office@admin.solutionz.test' });
    expect(await pool.emails()).toEqual(['head.office@admin.solutionz.test']);
  });

  it('undoes everything when Cognito fails half-way, so setup can be tried again', async () => {
    const { deps, cognito } = adminDeps();
    failNextSend(cognito, 'AdminSetUserPasswordCommand', new Error('Cognito is unavailable'));
    await expect(setupFirstAdmin(deps, input, undefined)).rejects.toThrow('Cognito is unavailable');
    expect(await pool.emails()).toEqual([]);
    // No address reservation or profile is left, and (below) no marker: the table is as before the attempt.
    expect(await table.itemsMentioning('head.office')).toEqual([]);
    await expect(adminOverview(deps)).resolves.toEqual({ adminSetup: { completed: false, completedAt: null } });
    const admin = await setupFirstAdmin(deps, input, undefined);
    expect((await pool.user('head.office@admin.solutionz.test'))?.sub).toBe(admin.userId);
    expect(await pool.signsIn('head.office@admin.solutionz.test', 'Admin-pass-1')).toBe(true);
  });
});
