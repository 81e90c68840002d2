import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, ADMIN_CLAIM_MESSAGES, CLAIM_MESSAGES, CLAIM_RATE_LIMIT, claimRequestSchema, type AdminReason, type ClaimRequestInput } from '@solutionz/shared';
import type { AuthorizedCaller } from '../../auth/caller';
import { decideClaim, listClaims } from '../admin/claims';
import { testAccountsDeps } from '../../testing/accounts-deps';
import { useTestTable } from '../../testing/dynamodb-table';
import { failOnce } from '../../testing/fail-once';
import { linkToken } from '../../testing/ses-inbox';
import { useTestUserPool } from '../../testing/user-pool';
import { confirmEmail } from '../accounts/confirmation';
import { claimBusiness, getClaimable, listMyClaims, verifyClaimsOnConfirmation, type ClaimDeps } from './claim';

const table = useTestTable();
const pool = useTestUserPool();
const ADMINS = ['admins@solutionz.test'];

function claimDeps() {
  const context = testAccountsDeps(table, pool);
  const deps: ClaimDeps = { ...context.deps, claims: table.repositories.claims, adminNotifyAddresses: ADMINS };
  return { ...context, deps };
}

/** A business an admin listed, as create-provider writes it, with the address the admin recorded (or none). */
async function listedBusiness(businessId: string, businessEmail?: string) {
  const at = '2026-11-01T09:00:00.000Z';
  await table.repositories.admin.createUnclaimedProvider({
    profile: {
      userId: `owner-${businessId}`,
      accountType: 'provider',
      firstName: 'Dale',
      lastName: 'Hughes',
      businessName: `Hughes Roofing ${businessId}`,
      businessId,
      categories: [],
      unclaimed: true,
      listingGrantedBy: 'admin-1',
      listingGrantedAt: at,
      createdAt: at,
      updatedAt: at,
    },
    business: { businessId, businessName: `Hughes Roofing ${businessId}`, createdAt: at, ...(businessEmail ? { businessEmail } : {}) },
    audit: { auditId: `audit-${businessId}`, at, actorId: 'admin-1', actorName: 'Ada Admin', action: 'provider.create', targetKind: 'user', targetId: `owner-${businessId}`, targetLabel: 'Dale Hughes', before: null, after: null, reason: null },
  });
}

const form = (email: string, fullName = 'Dale  Owen Hughes'): ReturnType<typeof claimRequestSchema.parse> =>
  claimRequestSchema.parse({ fullName, email, password: 'Correct-horse-1' } satisfies ClaimRequestInput);

describe('claimBusiness', () => {
  it('opens the claimant a provider account with the name split on the first space, records a pending claim and mails claimant and admins', async () => {
    const { deps, sentMail } = claimDeps();
    await listedBusiness('b1', 'office@hughes.example');
    expect(await getClaimable(deps, 'b1')).toEqual({ businessId: 'b1', businessName: 'Hughes Roofing b1', claimable: true });

    const result = await claimBusiness(deps, 'b1', form('Dale@Elsewhere.example'), '203.0.113.9');
    expect(result).toMatchObject({ businessId: 'b1', businessName: 'Hughes Roofing b1', state: 'pending', confirmationEmail: { sent: true } });
    expect(await deps.accounts.getProfile(result.userId)).toMatchObject({ accountType: 'provider', firstName: 'Dale', lastName: 'Owen Hughes', email: 'dale@elsewhere.example' });
    expect((await pool.user('dale@elsewhere.example'))?.groups).toEqual(['provider']);
    expect(await deps.claims.claimsOf(result.userId)).toEqual([expect.objectContaining({ businessId: 'b1', state: 'pending', claimantUserId: result.userId })]);
    expect(await getClaimable(deps, 'b1')).toMatchObject({ claimable: false });

    const mails = await sentMail();
    expect(mails.map((mail) => mail.destination.to)).toEqual([['dale@elsewhere.example'], ADMINS]);
    expect(mails[1]!.subject).toBe('Business claimed: Hughes Roofing b1');
    expect(mails[1]!.body.text).toContain('https://solutionz.test/admin/businesses');
  });

  it('refuses a second claim of the same business with a clear message, and of two claims at once exactly one wins', async () => {
    const { deps } = claimDeps();
    await listedBusiness('b2');
    const outcomes = await Promise.allSettled([
      claimBusiness(deps, 'b2', form('first@example.co.uk'), '203.0.113.10'),
      claimBusiness(deps, 'b2', form('second@example.co.uk'), '203.0.113.11'),
      claimBusiness(deps, 'b2', form('third@example.co.uk'), '203.0.113.12'),
    ]);
    const won = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const lost = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost.map((outcome) => (outcome.reason as Error).message)).toEqual([CLAIM_MESSAGES.alreadyClaimed, CLAIM_MESSAGES.alreadyClaimed]);
    // Only the winner has an account: the others' addresses are still free to sign up with.
    const accounts = await Promise.all(['first@example.co.uk', 'second@example.co.uk', 'third@example.co.uk'].map((email) => deps.accounts.findUserIdByEmail(email)));
    expect(accounts.filter(Boolean)).toEqual([(won[0] as PromiseFulfilledResult<{ userId: string }>).value.userId]);

    await expect(claimBusiness(deps, 'b2', form('later@example.co.uk'), '203.0.113.13')).rejects.toThrow(CLAIM_MESSAGES.alreadyClaimed);
  });

  it('answers 404 for an unknown business and for a business that was never admin-listed', async () => {
    const { deps } = claimDeps();
    await expect(getClaimable(deps, 'nope')).rejects.toThrow(CLAIM_MESSAGES.notFound);
    await expect(claimBusiness(deps, 'nope', form('x@example.co.uk'), '203.0.113.14')).rejects.toThrow(CLAIM_MESSAGES.notFound);
  });

  it("refuses an address at the admins' domain before taking the claim, as sign-up does", async () => {
    const { deps } = claimDeps();
    await listedBusiness('b-reserved');
    await expect(claimBusiness(deps, 'b-reserved', form(`owner@${deps.config.adminEmailDomain}`), '203.0.113.16')).rejects.toMatchObject({
      fields: { 'body.email': ACCOUNT_MESSAGES.emailReserved },
    });
    expect(await getClaimable(deps, 'b-reserved')).toMatchObject({ claimable: true });
  });

  it('withdraws the claim when the account cannot be made, so the business stays claimable', async () => {
    const context = claimDeps();
    await listedBusiness('b3');
    const deps = { ...context.deps, accounts: failOnce(context.deps.accounts, 'createAccount', new Error('The table is unavailable')) };
    await expect(claimBusiness(deps, 'b3', form('unlucky@example.co.uk'), '203.0.113.15')).rejects.toThrow('The table is unavailable');
    expect(await getClaimable(deps, 'b3')).toMatchObject({ claimable: true });
    await expect(claimBusiness(deps, 'b3', form('unlucky@example.co.uk'), '203.0.113.15')).resolves.toMatchObject({ state: 'pending' });
  });

  it('caps claims per e-mail address, counting refused ones', async () => {
    const { deps } = claimDeps();
    const attempts: string[] = [];
    for (let i = 0; i <= CLAIM_RATE_LIMIT.perEmail; i++) {
      await listedBusiness(`b4-${i}`);
      attempts.push(await claimBusiness(deps, `b4-${i}`, form('capped@example.co.uk'), `203.0.113.${20 + i}`).then(() => 'claimed', (error: Error) => error.message));
    }
    expect(attempts[0]).toBe('claimed');
    expect(attempts.at(-1)).toBe(CLAIM_MESSAGES.rateLimited);
    expect(await getClaimable(deps, `b4-${CLAIM_RATE_LIMIT.perEmail}`)).toMatchObject({ claimable: true });
  });
});

describe('verifyClaimsOnConfirmation', () => {
  it('verifies the claim when the claimant confirms the address the admin recorded, whatever its case', async () => {
    const { deps, sentMail } = claimDeps();
    await listedBusiness('b5', 'office@hughes.example');
    const result = await claimBusiness(deps, 'b5', form('Office@Hughes.example'), '203.0.113.30');
    const token = linkToken((await sentMail())[0], '/confirm-email');
    const confirmed = await confirmEmail(deps, token);
    await verifyClaimsOnConfirmation(deps, confirmed.email);
    expect(await deps.claims.claimsOf(result.userId)).toEqual([expect.objectContaining({ state: 'verified', decidedBy: 'email' })]);
  });

  it('leaves the claim pending for an admin when the confirmed address is another one', async () => {
    const { deps, sentMail } = claimDeps();
    await listedBusiness('b6', 'office@hughes.example');
    const result = await claimBusiness(deps, 'b6', form('someone@else.example'), '203.0.113.31');
    const confirmed = await confirmEmail(deps, linkToken((await sentMail())[0], '/confirm-email'));
    await verifyClaimsOnConfirmation(deps, confirmed.email);
    expect(await deps.claims.claimsOf(result.userId)).toEqual([expect.objectContaining({ state: 'pending' })]);
  });
});

describe('the admin review', () => {
  const boss = { kind: 'signedIn', userId: 'admin-boss', groups: ['admin'], accountType: 'admin', subscribed: false } as unknown as AuthorizedCaller;
  const SPAM: AdminReason = { code: 'spam', note: 'Not the owner' };

  it('lists pending claims newest first, approves one and refuses another with the reason mailed, each audited; a decided claim is not decided again', async () => {
    const context = claimDeps();
    const deps = { ...context.deps, config: { siteUrl: 'https://solutionz.test', requireAdminMfa: false } };
    await listedBusiness('r1');
    await listedBusiness('r2');
    const first = await claimBusiness(context.deps, 'r1', form('one@example.co.uk'), '203.0.113.40');
    context.advance(60);
    const second = await claimBusiness(context.deps, 'r2', form('two@example.co.uk'), '203.0.113.41');

    const pending = await listClaims(deps, boss, { state: 'pending' });
    expect(pending.claims.map((claim) => [claim.businessId, claim.claimantEmail])).toEqual([['r2', 'two@example.co.uk'], ['r1', 'one@example.co.uk']]);

    await expect(decideClaim(deps, boss, 'r1', { decision: 'approve' })).resolves.toMatchObject({ state: 'approved', claimantUserId: first.userId });
    await expect(decideClaim(deps, boss, 'r2', { decision: 'refuse', reason: SPAM })).resolves.toMatchObject({ state: 'refused', refusalReason: 'Spam or advertising - Not the owner' });
    await expect(decideClaim(deps, boss, 'r1', { decision: 'refuse', reason: SPAM })).rejects.toThrow(ADMIN_CLAIM_MESSAGES.decided);
    await expect(decideClaim(deps, boss, 'nope', { decision: 'approve' })).rejects.toThrow(ADMIN_CLAIM_MESSAGES.notFound);

    expect((await listClaims(deps, boss, { state: 'pending' })).claims).toEqual([]);
    expect((await listClaims(deps, boss, { state: 'approved' })).claims.map((claim) => claim.businessId)).toEqual(['r1']);
    const audit = await table.repositories.admin.auditPage({ limit: 10 });
    expect(audit.entries.map((entry) => [entry.action, entry.targetId])).toEqual(expect.arrayContaining([['claim.approve', first.userId], ['claim.refuse', second.userId]]));

    const refusal = (await context.sentMail()).find((mail) => mail.subject === 'Your business claim was refused');
    expect(refusal?.destination.to).toEqual(['two@example.co.uk']);
    expect(refusal?.body.text).toContain('Reason: Spam or advertising - Not the owner');
    // A refused claim frees the business for its real owner.
    expect(await getClaimable(context.deps, 'r2')).toMatchObject({ claimable: true });
  });

  it('of two admins deciding the same claim at once, one decides and the other is told', async () => {
    const context = claimDeps();
    const deps = { ...context.deps, config: { siteUrl: 'https://solutionz.test', requireAdminMfa: false } };
    await listedBusiness('r3');
    await claimBusiness(context.deps, 'r3', form('three@example.co.uk'), '203.0.113.42');
    const outcomes = await Promise.allSettled([decideClaim(deps, boss, 'r3', { decision: 'approve' }), decideClaim(deps, boss, 'r3', { decision: 'refuse', reason: SPAM })]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.status === 'rejected').map((outcome) => ((outcome as PromiseRejectedResult).reason as Error).message)).toEqual([ADMIN_CLAIM_MESSAGES.decided]);
  });
});

describe('listMyClaims', () => {
  const caller = (userId: string) => ({ kind: 'signedIn', userId, groups: ['provider'] }) as unknown as AuthorizedCaller;
  const admin = { kind: 'signedIn', userId: 'admin-mine', groups: ['admin'], accountType: 'admin', subscribed: false } as unknown as AuthorizedCaller;

  it("shows the claimant their own claims, pending then refused with the admin's reason, and nobody else's", async () => {
    const context = claimDeps();
    const deps = { ...context.deps, config: { siteUrl: 'https://solutionz.test', requireAdminMfa: false } };
    await listedBusiness('m1');
    await listedBusiness('m2');
    const mine = await claimBusiness(context.deps, 'm1', form('mine@example.co.uk'), '203.0.113.50');
    const theirs = await claimBusiness(context.deps, 'm2', form('theirs@example.co.uk'), '203.0.113.51');

    expect(await listMyClaims(context.deps, caller(mine.userId))).toEqual({
      claims: [{ businessId: 'm1', businessName: 'Hughes Roofing m1', state: 'pending', createdAt: expect.any(String) as string, decidedAt: null, refusalReason: null }],
    });
    await decideClaim(deps, admin, 'm1', { decision: 'refuse', reason: { code: 'other', note: 'The phone number does not answer' } });
    const [refused] = (await listMyClaims(context.deps, caller(mine.userId))).claims;
    expect(refused).toMatchObject({ state: 'refused', refusalReason: 'Other - The phone number does not answer', decidedAt: expect.any(String) as string });
    expect((await listMyClaims(context.deps, caller(theirs.userId))).claims.map((claim) => claim.businessId)).toEqual(['m2']);
    expect(await listMyClaims(context.deps, caller('someone-else'))).toEqual({ claims: [] });
  });
});
