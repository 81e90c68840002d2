import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '@solutionz/shared';
import { createCognitoIdentity } from '../../adapters/cognito-identity';
import { useTestTable } from '../../testing/dynamodb-table';
import { adminOverview, setupFirstAdmin } from './admin-setup';
import type { AdminDeps } from './deps';

const cognito = mockClient(CognitoIdentityProviderClient);
const table = useTestTable();

function adminDeps(adminSetupToken?: string): AdminDeps {
  return {
    accounts: table.repositories.accounts,
    identity: createCognitoIdentity(new CognitoIdentityProviderClient({ region: 'eu-west-2' }), 'pool'),
    clock: () => new Date('2026-11-21T12:00:00Z'),
    random: { id: () => 'reservation-1' },
    config: { adminEmailDomain: 'admin.solutionz.test', ...(adminSetupToken ? { adminSetupToken } : {}) },
  };
}

const input = { username: '  Head.Office ', password: 'Admin-pass-1' };

describe('first-admin setup', () => {
  beforeEach(() => {
    cognito.reset();
    cognito.on(AdminCreateUserCommand).resolves({ User: { Attributes: [{ Name: 'sub', Value: 'sub-admin' }] } });
    cognito.on(AdminSetUserPasswordCommand).resolves({});
    cognito.on(AdminAddUserToGroupCommand).resolves({});
    cognito.on(AdminDeleteUserCommand).resolves({});
  });

  it('creates an admin with the internal address and a confirmed profile, once', async () => {
    const deps = adminDeps();
    await expect(setupFirstAdmin(deps, input, undefined)).resolves.toEqual({ userId: 'sub-admin', email: 'head.office@admin.solutionz.test' });
    expect(cognito.commandCalls(AdminAddUserToGroupCommand)[0]!.args[0].input.GroupName).toBe('admin');
    expect(await deps.accounts.getProfile('sub-admin')).toMatchObject({ accountType: 'admin', email: 'head.office@admin.solutionz.test', emailConfirmedAt: '2026-11-21T12:00:00.000Z' });
    expect(await deps.accounts.findUserIdByEmail('head.office@admin.solutionz.test')).toBe('sub-admin');
    await expect(adminOverview(deps)).resolves.toEqual({ adminSetup: { completed: true, completedAt: '2026-11-21T12:00:00.000Z' } });

    await expect(setupFirstAdmin(deps, { ...input, username: 'other' }, undefined)).rejects.toMatchObject({ statusCode: 409, message: ADMIN_MESSAGES.alreadyExists });
  });

  it('lets exactly one of several concurrent setups through', async () => {
    const deps = adminDeps();
    const results = await Promise.allSettled(['a', 'b', 'c'].map((username) => setupFirstAdmin(deps, { ...input, username }, undefined)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').map((r) => r.reason)).toEqual([
      expect.objectContaining({ statusCode: 409 }),
      expect.objectContaining({ statusCode: 409 }),
    ]);
    expect(cognito.commandCalls(AdminCreateUserCommand)).toHaveLength(1);
  });

  it('with a configured setup token: 401 without it, 403 with a wrong one, created with the right one', async () => {
    const deps = adminDeps('s3cret-token');
    await expect(setupFirstAdmin(deps, input, undefined)).rejects.toMatchObject({ statusCode: 401, message: ADMIN_MESSAGES.setupTokenInvalid });
    await expect(setupFirstAdmin(deps, input, 'guess')).rejects.toMatchObject({ statusCode: 403, message: ADMIN_MESSAGES.setupTokenInvalid });
    expect(cognito.commandCalls(AdminCreateUserCommand)).toHaveLength(0);
    await expect(setupFirstAdmin(deps, input, 's3cret-token')).resolves.toMatchObject({ userId: 'sub-admin' });
  });

  it('undoes everything when Cognito fails half-way, so setup can be tried again', async () => {
    const deps = adminDeps();
    cognito.on(AdminSetUserPasswordCommand).rejectsOnce(new Error('Cognito is unavailable')).resolves({});
    await expect(setupFirstAdmin(deps, input, undefined)).rejects.toThrow('Cognito is unavailable');
    expect(cognito.commandCalls(AdminDeleteUserCommand)).toHaveLength(1);
    // No marker, address reservation or profile is left: the table is as before the attempt.
    expect(await table.entities()).toEqual([]);
    await expect(adminOverview(deps)).resolves.toEqual({ adminSetup: { completed: false, completedAt: null } });
    await expect(setupFirstAdmin(deps, input, undefined)).resolves.toMatchObject({ userId: 'sub-admin' });
  });
});
