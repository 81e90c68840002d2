import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, ADMIN_CLAIM_MESSAGES, CLAIM_MESSAGES, CLAIM_RATE_LIMIT, claimRequestSchema, TOKEN_TTL, type AdminReason } from '@solutionz/shared';
import type { AuthorizedCaller } from '../../auth/caller';
import { decideClaim, listClaims } from '../admin/claims';
import { testAccountsDeps } from '../../testing/accounts-deps';
import { claimThroughLink, requestedClaimLink } from '../../testing/claim-link';
import { useTestTable } from '../../testing/dynamodb-table';
import { useTestUserPool } from '../../testing/user-pool';
import { confirmEmail } from '../accounts/confirmation';
import { openAccount } from '../accounts/signup';
import { cancelClaim, completeClaim, completeClaimSignedIn, getClaimable, inspectClaimLink, listMyClaims, requestClaim, type ClaimDeps } from './claim';

const table = useTestTable();
const pool = useTestUserPool();
const ADMINS = ['admins@solutionz.test'];
const CHOSEN = 'Chosen-horse-7';

function claimDeps() {
  const context = testAccountsDeps(table, pool);
  const deps: ClaimDeps = { ...context.deps, claims: table.repositories.claims, adminNotifyAddresses: ADMINS };
  const admin = { ...deps, admin: table.repositories.admin, config: { siteUrl: 'https://solutionz.test', requireAdminMfa: false } };
  return { ...context, deps, admin };
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
    audit: {
      auditId: `audit-${businessId}`,
      at,
      actorId: 'admin-1',
      actorName: 'Ada Admin',
      action: 'provider.create',
      targetKind: 'user',
      targetId: `owner-${businessId}`,
      targetLabel: 'Dale Hughes',
      before: null,
      after: null,
      reason: null,
    },
  });
}

const form = (email: string, fullName = 'Dale  Owen Hughes') => claimRequestSchema.parse({ fullName, email });
const callerOf = (userId: string) =>
  ({ kind: 'signedIn', userId, groups: ['provider'], accountType: 'provider', subscribed: false, emailConfirmed: true }) as AuthorizedCaller;

/** An account of its own, opened as sign-up opens one: confirmed, or with the confirmation token still to redeem. */
async function existingAccount(deps: ClaimDeps, email: string, options: { confirmed?: boolean; accountType?: 'provider' | 'client' } = {}) {
  return openAccount(
    deps,
    {
      email,
      password: 'Own-password-1',
      fullName: 'Owen Own',
      accountType: options.accountType ?? 'provider',
      profile: {},
      confirmed: options.confirmed ?? false,
    },
    deps.clock(),
  );
}

describe('requestClaim', () => {
  it('opens no account and no claim, tells no admin, and mails the typed address a claim mail naming the business with both links; the answer is the same for any address', async () => {
    const context = claimDeps();
    const { deps, sentMail } = context;
    await listedBusiness('b1', 'office@hughes.example');
    await existingAccount(deps, 'member@example.co.uk', { confirmed: true });

    const answers = [
      await requestClaim(deps, 'b1', form('Office@Hughes.example'), '203.0.113.1'),
      await requestClaim(deps, 'b1', form('someone@else.example'), '203.0.113.2'),
      await requestClaim(deps, 'b1', form('member@example.co.uk'), '203.0.113.3'),
    ];
    expect(answers).toEqual(
      ['office@hughes.example', 'someone@else.example', 'member@example.co.uk'].map((email) => ({
        businessId: 'b1',
        businessName: 'Hughes Roofing b1',
        email,
      })),
    );

    expect(await deps.accounts.findUserIdByEmail('office@hughes.example')).toBeUndefined();
    expect(await pool.user('office@hughes.example')).toBeUndefined();
    expect(await deps.claims.get('b1')).toBeUndefined();
    expect(await getClaimable(deps, 'b1')).toEqual({ businessId: 'b1', businessName: 'Hughes Roofing b1', claimable: true });

    const mails = await sentMail();
    expect(mails.map((mail) => mail.destination.to)).toEqual([['office@hughes.example'], ['someone@else.example'], ['member@example.co.uk']]);
    const [mail] = mails;
    expect(mail!.subject).toBe('Claim Hughes Roofing b1 on Solutionz');
    expect(mail!.body.text).toContain('Someone asked to claim Hughes Roofing b1 on Solutionz with this address.');
    const finish = mail!.body.text!.match(/Finish claiming: (\S+)/)?.[1];
    const cancel = mail!.body.text!.match(/This wasn't me: (\S+)/)?.[1];
    expect(finish).toMatch(/^https:\/\/solutionz\.test\/claim-business\/complete\?token=/);
    expect(cancel).toMatch(/^https:\/\/solutionz\.test\/claim-business\/cancel\?token=/);
    expect(new URL(finish!).searchParams.get('token')).toBe(new URL(cancel!).searchParams.get('token'));
  });

  it("answers 404 for an unknown business, refuses an address at the admins' domain, and caps requests per address", async () => {
    const { deps } = claimDeps();
    await expect(getClaimable(deps, 'nope')).rejects.toThrow(CLAIM_MESSAGES.notFound);
    await expect(requestClaim(deps, 'nope', form('x@example.co.uk'), '203.0.113.14')).rejects.toThrow(CLAIM_MESSAGES.notFound);

    await listedBusiness('b2');
    await expect(requestClaim(deps, 'b2', form(`owner@${deps.config.adminEmailDomain}`), '203.0.113.16')).rejects.toMatchObject({
      fields: { 'body.email': ACCOUNT_MESSAGES.emailReserved },
    });

    const attempts: string[] = [];
    for (let i = 0; i <= CLAIM_RATE_LIMIT.perEmail; i++) {
      attempts.push(
        await requestClaim(deps, 'b2', form('capped@example.co.uk'), `203.0.113.${20 + i}`).then(
          () => 'sent',
          (error: Error) => error.message,
        ),
      );
    }
    expect(attempts).toEqual([...Array<string>(CLAIM_RATE_LIMIT.perEmail).fill('sent'), CLAIM_MESSAGES.rateLimited]);
  });
});

describe('completing a claim from its link', () => {
  it('with the recorded address: the account opens with the password chosen on the page, its address confirmed, and the business moves to it at once, audited', async () => {
    const context = claimDeps();
    const { deps } = context;
    await listedBusiness('c1', 'office@hughes.example');
    const token = await requestedClaimLink(context, 'c1', 'Office@Hughes.example', 'Dale  Owen Hughes');

    // Reading the link changes nothing, however often.
    const link = { businessId: 'c1', businessName: 'Hughes Roofing c1', email: 'office@hughes.example', accountExists: false };
    expect(await inspectClaimLink(deps, token)).toEqual(link);
    expect(await inspectClaimLink(deps, token)).toEqual(link);

    expect(await completeClaim(deps, { token, password: CHOSEN })).toEqual({
      businessId: 'c1',
      businessName: 'Hughes Roofing c1',
      email: 'office@hughes.example',
      state: 'verified',
    });
    const userId = (await deps.accounts.findUserIdByEmail('office@hughes.example'))!;
    expect(await deps.accounts.getProfile(userId)).toMatchObject({
      accountType: 'provider',
      firstName: 'Dale',
      lastName: 'Owen Hughes',
      businessName: 'Hughes Roofing c1',
      emailConfirmedAt: expect.any(String) as string,
    });
    expect(await pool.user('office@hughes.example')).toMatchObject({ emailVerified: true, groups: ['provider'] });
    expect(await pool.signsIn('office@hughes.example', CHOSEN)).toBe(true);
    expect(await deps.claims.get('c1')).toMatchObject({ state: 'verified', claimantUserId: userId, decidedBy: 'email' });
    expect(await getClaimable(deps, 'c1')).toMatchObject({ claimable: false });
    await expect(requestClaim(deps, 'c1', form('late@example.co.uk'), '203.0.113.40')).rejects.toThrow(CLAIM_MESSAGES.alreadyClaimed);

    const { entries } = await table.repositories.admin.auditPage({ limit: 10, targetId: 'c1' });
    expect(entries).toEqual([
      expect.objectContaining({ action: 'claim.verify', actorId: userId, targetKind: 'business', targetId: 'c1', targetLabel: 'Hughes Roofing c1' }),
    ]);
    const notices = (await context.sentMail()).filter((mail) => mail.destination.to.includes(ADMINS[0]!));
    expect(notices.map((mail) => mail.subject)).toEqual(['Business claimed: Hughes Roofing c1']);
  });

  it('with another address: the account opens and the claim waits for an admin, who is told; a second claim of the business is refused before any account opens', async () => {
    const context = claimDeps();
    const { deps } = context;
    await listedBusiness('c2', 'office@hughes.example');
    const first = await requestedClaimLink(context, 'c2', 'priya@example.co.uk');
    const second = await requestedClaimLink(context, 'c2', 'rhys@example.co.uk');

    expect(await completeClaim(deps, { token: first, password: CHOSEN })).toMatchObject({ state: 'pending', email: 'priya@example.co.uk' });
    const userId = (await deps.accounts.findUserIdByEmail('priya@example.co.uk'))!;
    expect(await deps.claims.claimsOf(userId)).toEqual([expect.objectContaining({ businessId: 'c2', state: 'pending', claimantEmail: 'priya@example.co.uk' })]);
    expect(await deps.accounts.getProfile(userId)).toMatchObject({ emailConfirmedAt: expect.any(String) as string });
    expect(await deps.accounts.getProfile(userId)).not.toHaveProperty('businessName');

    await expect(completeClaim(deps, { token: second, password: CHOSEN })).rejects.toThrow(CLAIM_MESSAGES.alreadyClaimed);
    expect(await deps.accounts.findUserIdByEmail('rhys@example.co.uk')).toBeUndefined();
    const notices = (await context.sentMail()).filter((mail) => mail.destination.to.includes(ADMINS[0]!));
    expect(notices.map((mail) => mail.subject)).toEqual(['Business claimed: Hughes Roofing c2']);
  });

  it('the owner of the recorded address wins over a claim under review, whose claimant is told why it was closed', async () => {
    const context = claimDeps();
    const { deps } = context;
    await listedBusiness('c3', 'office@hughes.example');
    const other = await claimThroughLink(context, 'c3', 'priya@example.co.uk');
    const owner = await claimThroughLink(context, 'c3', 'office@hughes.example');

    expect(owner.state).toBe('verified');
    expect(await deps.claims.get('c3')).toMatchObject({ state: 'verified', claimantUserId: owner.userId });
    expect(await deps.claims.claimsOf(other.userId)).toEqual([]);
    const closed = (await context.sentMail()).find((mail) => mail.subject === 'Your business claim was closed');
    expect(closed?.destination.to).toEqual(['priya@example.co.uk']);
    expect(closed?.body.text).toContain(CLAIM_MESSAGES.displaced);
  });

  it('a link works once: a spent, a cancelled and an expired link are refused with one message, and nothing more is opened', async () => {
    const context = claimDeps();
    const { deps } = context;
    await listedBusiness('c4');

    const cancelled = await requestedClaimLink(context, 'c4', 'wrongly@example.co.uk');
    expect(await cancelClaim(deps, cancelled)).toEqual({ businessName: 'Hughes Roofing c4' });
    await expect(completeClaim(deps, { token: cancelled, password: CHOSEN })).rejects.toThrow(CLAIM_MESSAGES.linkInvalid);
    await expect(inspectClaimLink(deps, cancelled)).rejects.toThrow(CLAIM_MESSAGES.linkInvalid);
    await expect(cancelClaim(deps, cancelled)).rejects.toThrow(CLAIM_MESSAGES.linkInvalid);
    expect(await deps.accounts.findUserIdByEmail('wrongly@example.co.uk')).toBeUndefined();

    const spent = await requestedClaimLink(context, 'c4', 'priya@example.co.uk');
    await completeClaim(deps, { token: spent, password: CHOSEN });
    await expect(completeClaim(deps, { token: spent, password: CHOSEN })).rejects.toThrow(CLAIM_MESSAGES.linkInvalid);
    await expect(cancelClaim(deps, spent)).rejects.toThrow(CLAIM_MESSAGES.linkInvalid);

    await listedBusiness('c4-late');
    const expired = await requestedClaimLink(context, 'c4-late', 'slow@example.co.uk');
    context.advance(TOKEN_TTL.businessClaimHours * 3600 + 1);
    await expect(inspectClaimLink(deps, expired)).rejects.toThrow(CLAIM_MESSAGES.linkInvalid);
    await expect(completeClaim(deps, { token: expired, password: CHOSEN })).rejects.toThrow(CLAIM_MESSAGES.linkInvalid);
    await expect(completeClaim(deps, { token: 'not-a-token', password: CHOSEN })).rejects.toThrow(CLAIM_MESSAGES.linkInvalid);
    expect(await deps.accounts.findUserIdByEmail('slow@example.co.uk')).toBeUndefined();
    expect(await deps.claims.get('c4-late')).toBeUndefined();
  });

  it('of two presses of one link at once, one claims and the other is refused', async () => {
    const context = claimDeps();
    const { deps } = context;
    await listedBusiness('c5', 'office@hughes.example');
    const token = await requestedClaimLink(context, 'c5', 'office@hughes.example');

    const outcomes = await Promise.allSettled([completeClaim(deps, { token, password: CHOSEN }), completeClaim(deps, { token, password: 'Other-horse-8' })]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled').map((outcome) => outcome.value.state)).toEqual(['verified']);
    expect(outcomes.filter((outcome) => outcome.status === 'rejected').map((outcome) => (outcome.reason as Error).message)).toEqual([
      CLAIM_MESSAGES.linkInvalid,
    ]);
    expect(await pool.emails()).toEqual(['office@hughes.example']);
  });

  it("for an address with an account: the link's page says so, only the signed-in owner of that address finishes it, for their account", async () => {
    const context = claimDeps();
    const { deps } = context;
    await listedBusiness('c6', 'office@hughes.example');
    const { userId: ownerId } = await existingAccount(deps, 'office@hughes.example', { confirmed: true });
    const { userId: strangerId } = await existingAccount(deps, 'stranger@example.co.uk', { confirmed: true });
    const token = await requestedClaimLink(context, 'c6', 'office@hughes.example');

    expect(await inspectClaimLink(deps, token)).toMatchObject({ accountExists: true });
    // Its password stays the account's own: the link's page cannot set it.
    await expect(completeClaim(deps, { token, password: CHOSEN })).rejects.toThrow(CLAIM_MESSAGES.accountExists);
    expect(await pool.signsIn('office@hughes.example', CHOSEN)).toBe(false);
    await expect(completeClaimSignedIn(deps, callerOf(strangerId), token)).rejects.toThrow(CLAIM_MESSAGES.otherAddress);

    expect(await completeClaimSignedIn(deps, callerOf(ownerId), token)).toMatchObject({ state: 'verified', email: 'office@hughes.example' });
    expect(await deps.claims.get('c6')).toMatchObject({ state: 'verified', claimantUserId: ownerId });
    expect(await deps.accounts.getProfile(ownerId)).toMatchObject({ businessName: 'Hughes Roofing c6' });
  });
});

describe('the admin review', () => {
  const boss = { kind: 'signedIn', userId: 'admin-boss', groups: ['admin'], accountType: 'admin', subscribed: false } as unknown as AuthorizedCaller;
  const SPAM: AdminReason = { code: 'spam', note: 'Not the owner' };

  it("shows each claim with the recorded address, the claimant's, whether they match and whether the claimant confirmed theirs; approval waits for the confirmation, which moves nothing by itself", async () => {
    const context = claimDeps();
    const { deps, admin } = context;
    await listedBusiness('r1', 'office@r1.example');
    await listedBusiness('r2');
    await listedBusiness('r3', 'office@r3.example');
    await claimThroughLink(context, 'r1', 'Priya@Example.co.uk');
    // Claims whose claimants have not confirmed their addresses: one with another address, one with the recorded one.
    const legacy = async (businessId: string, email: string) => {
      const opened = await existingAccount(deps, email);
      context.advance(60);
      await deps.claims.open({
        businessId,
        claimId: `claim-${businessId}`,
        businessName: `Hughes Roofing ${businessId}`,
        claimantUserId: opened.userId,
        claimantEmail: email,
        state: 'pending',
        createdAt: deps.clock().toISOString(),
      });
      return opened;
    };
    const r2 = await legacy('r2', 'legacy@example.co.uk');
    const r3 = await legacy('r3', 'office@r3.example');

    const facts = (await listClaims(admin, boss, { state: 'pending' })).claims.map(
      ({ businessId, businessEmail, claimantEmail, emailsMatch, claimantEmailConfirmed }) => ({
        businessId,
        businessEmail,
        claimantEmail,
        emailsMatch,
        claimantEmailConfirmed,
      }),
    );
    expect(facts).toEqual([
      { businessId: 'r3', businessEmail: 'office@r3.example', claimantEmail: 'office@r3.example', emailsMatch: true, claimantEmailConfirmed: false },
      { businessId: 'r2', businessEmail: null, claimantEmail: 'legacy@example.co.uk', emailsMatch: false, claimantEmailConfirmed: false },
      { businessId: 'r1', businessEmail: 'office@r1.example', claimantEmail: 'priya@example.co.uk', emailsMatch: false, claimantEmailConfirmed: true },
    ]);

    await expect(decideClaim(admin, boss, 'r3', { decision: 'approve' })).rejects.toThrow(ADMIN_CLAIM_MESSAGES.claimantUnconfirmed);
    expect(await deps.claims.get('r3')).toMatchObject({ state: 'pending' });
    // Confirming the recorded address moves nothing: the claim still waits for the admin.
    await confirmEmail(deps, r3.token);
    expect(await deps.claims.get('r3')).toMatchObject({ state: 'pending' });
    expect(await getClaimable(deps, 'r3')).toMatchObject({ claimable: true });
    await expect(decideClaim(admin, boss, 'r3', { decision: 'approve' })).resolves.toMatchObject({
      state: 'approved',
      businessEmail: 'office@r3.example',
      emailsMatch: true,
      claimantEmailConfirmed: true,
    });

    // A refusal needs no confirmation.
    await expect(decideClaim(admin, boss, 'r2', { decision: 'refuse', reason: SPAM })).resolves.toMatchObject({ state: 'refused', claimantUserId: r2.userId });
  });

  it('approves one claim and refuses another with the reason mailed, each audited; a decided claim is not decided again', async () => {
    const context = claimDeps();
    const { admin } = context;
    await listedBusiness('r4');
    await listedBusiness('r5');
    const first = await claimThroughLink(context, 'r4', 'one@example.co.uk');
    context.advance(60);
    const second = await claimThroughLink(context, 'r5', 'two@example.co.uk');

    const pending = await listClaims(admin, boss, { state: 'pending' });
    expect(pending.claims.map((claim) => [claim.businessId, claim.claimantEmail])).toEqual([
      ['r5', 'two@example.co.uk'],
      ['r4', 'one@example.co.uk'],
    ]);

    await expect(decideClaim(admin, boss, 'r4', { decision: 'approve' })).resolves.toMatchObject({ state: 'approved', claimantUserId: first.userId });
    await expect(decideClaim(admin, boss, 'r5', { decision: 'refuse', reason: SPAM })).resolves.toMatchObject({
      state: 'refused',
      refusalReason: 'Spam or advertising - Not the owner',
    });
    await expect(decideClaim(admin, boss, 'r4', { decision: 'refuse', reason: SPAM })).rejects.toThrow(ADMIN_CLAIM_MESSAGES.decided);
    await expect(decideClaim(admin, boss, 'nope', { decision: 'approve' })).rejects.toThrow(ADMIN_CLAIM_MESSAGES.notFound);

    expect((await listClaims(admin, boss, { state: 'pending' })).claims).toEqual([]);
    expect((await listClaims(admin, boss, { state: 'approved' })).claims.map((claim) => claim.businessId)).toEqual(['r4']);
    const audit = await table.repositories.admin.auditPage({ limit: 10 });
    expect(audit.entries.map((entry) => [entry.action, entry.targetId])).toEqual(
      expect.arrayContaining([
        ['claim.approve', first.userId],
        ['claim.refuse', second.userId],
      ]),
    );

    const refusal = (await context.sentMail()).find((mail) => mail.subject === 'Your business claim was refused');
    expect(refusal?.destination.to).toEqual(['two@example.co.uk']);
    expect(refusal?.body.text).toContain('Reason: Spam or advertising - Not the owner');
    // A refused claim frees the business for another claim.
    expect(await getClaimable(context.deps, 'r5')).toMatchObject({ claimable: true });
  });

  it('of two admins deciding the same claim at once, one decides and the other is told', async () => {
    const context = claimDeps();
    await listedBusiness('r6');
    await claimThroughLink(context, 'r6', 'three@example.co.uk');
    const outcomes = await Promise.allSettled([
      decideClaim(context.admin, boss, 'r6', { decision: 'approve' }),
      decideClaim(context.admin, boss, 'r6', { decision: 'refuse', reason: SPAM }),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.status === 'rejected').map((outcome) => ((outcome as PromiseRejectedResult).reason as Error).message)).toEqual([
      ADMIN_CLAIM_MESSAGES.decided,
    ]);
  });
});

describe('listMyClaims', () => {
  const admin = { kind: 'signedIn', userId: 'admin-mine', groups: ['admin'], accountType: 'admin', subscribed: false } as unknown as AuthorizedCaller;

  it("shows the claimant their own claims, pending then refused with the admin's reason, and nobody else's", async () => {
    const context = claimDeps();
    await listedBusiness('m1');
    await listedBusiness('m2');
    const mine = await claimThroughLink(context, 'm1', 'mine@example.co.uk');
    const theirs = await claimThroughLink(context, 'm2', 'theirs@example.co.uk');

    expect(await listMyClaims(context.deps, callerOf(mine.userId))).toEqual({
      claims: [
        {
          businessId: 'm1',
          businessName: 'Hughes Roofing m1',
          state: 'pending',
          createdAt: expect.any(String) as string,
          decidedAt: null,
          refusalReason: null,
        },
      ],
    });
    await decideClaim(context.admin, admin, 'm1', { decision: 'refuse', reason: { code: 'other', note: 'The phone number does not answer' } });
    const [refused] = (await listMyClaims(context.deps, callerOf(mine.userId))).claims;
    expect(refused).toMatchObject({ state: 'refused', refusalReason: 'Other - The phone number does not answer', decidedAt: expect.any(String) as string });
    expect((await listMyClaims(context.deps, callerOf(theirs.userId))).claims.map((claim) => claim.businessId)).toEqual(['m2']);
    expect(await listMyClaims(context.deps, callerOf('someone-else'))).toEqual({ claims: [] });
  });
});
