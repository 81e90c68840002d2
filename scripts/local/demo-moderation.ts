import { randomUUID } from 'node:crypto';
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AdminReason } from '@solutionz/shared';
import { createCognitoIdentity } from '@solutionz/lambdas/adapters/cognito-identity';
import { createAccountRepository } from '@solutionz/lambdas/data/account-repository';
import { createAdminRepository } from '@solutionz/lambdas/data/admin-repository';
import { createClaimRepository } from '@solutionz/lambdas/data/claim-repository';
import { createDirectoryRepository } from '@solutionz/lambdas/data/directory-repository';
import { createFeedbackRepository } from '@solutionz/lambdas/data/feedback-repository';
import { withGeohash } from '@solutionz/lambdas/geo/resolve';
import { auditRecord, type Actor } from '@solutionz/lambdas/services/admin/audit';
import type { DemoUser } from './demo-data';
import type { DemoDirectoryProvider, DemoTown } from './demo-directory';

/** A client an administrator has deactivated: the sign-in is refused with the deactivation notice. */
export function demoModeratedUsers(): readonly DemoUser[] {
  return [
    { accountType: 'client', email: 'deactivated@solutionz.local', password: 'Demo-client-1', firstName: 'Dominic', lastName: 'Marsh', location: 'Leicester' },
    ...CLAIMED.map(({ claimant }) => ({ accountType: 'provider' as const, ...claimant })),
  ];
}

/** Businesses that asked by phone to be listed: created by the admin, not claimed yet. */
const UNCLAIMED = [
  {
    firstName: 'Sandra',
    lastName: 'Kowalski',
    businessName: 'Kowalski Window Cleaning',
    town: 'Nottingham',
    categories: ['Cleaning & Removal Services > Window Cleaning'],
    phoneNumber: '+44 115 496 0721',
  },
  {
    firstName: 'Idris',
    lastName: 'Rahman',
    businessName: 'Rahman Locksmiths',
    town: 'Sheffield',
    categories: ['Construction/Trade > Locksmith'],
    phoneNumber: '+44 114 496 0388',
  },
] as const;

/**
 * Businesses the admin created that their owners claimed through the claim mail's link (which opens a
 * provider account with an empty profile and a confirmed address): one approved, so the business moved to
 * its owner's account, one waiting for review, claimed from another address than the one the admin recorded.
 */
const CLAIMED = [
  {
    firstName: 'Owen',
    lastName: 'Hughes',
    businessName: 'Hughes Roofing',
    town: 'Leeds',
    categories: ['Construction/Trade > Roofer'],
    phoneNumber: '+44 113 496 0412',
    claimant: { email: 'claimed@solutionz.local', password: 'Demo-claimant-1', firstName: 'Owen', lastName: 'Hughes' },
    approved: true,
  },
  {
    firstName: 'Grace',
    lastName: 'Lloyd',
    businessName: 'Lloyd Carpentry',
    town: 'Bristol',
    categories: ['Construction/Trade > Carpenter'],
    phoneNumber: '+44 117 496 0255',
    businessEmail: 'office@lloyd-carpentry.example',
    claimant: { email: 'claimant@solutionz.local', password: 'Demo-claimant-1', firstName: 'Grace', lastName: 'Lloyd' },
    approved: false,
  },
] as const;

export interface DemoModerationInput {
  readonly documents: DynamoDBDocumentClient;
  readonly tableName: string;
  readonly cognito: CognitoIdentityProviderClient;
  readonly userPoolId: string;
  readonly admin: { readonly userId: string; readonly name: string };
  readonly deactivatedClient: { readonly userId: string; readonly email: string };
  readonly towns: readonly DemoTown[];
  readonly providers: readonly DemoDirectoryProvider[];
}

/**
 * What an administrator has done in the demo, through the same repositories and audit entries the admin
 * console writes: feedback awaiting approval, a provider hidden and a client deactivated, each with its
 * reason, and four businesses created by the admin: two unclaimed, one claimed and moved to its owner, one
 * with a claim waiting for review. A newcomer sees every state of the admin screens.
 */
export async function loadDemoModeration(input: DemoModerationInput, now: Date): Promise<void> {
  const { documents, tableName } = input;
  const admin = createAdminRepository(documents, tableName);
  const accounts = createAccountRepository(documents, tableName);
  const feedback = createFeedbackRepository(documents, tableName);
  const directory = createDirectoryRepository(documents, tableName);
  const actor: Actor = { id: input.admin.userId };
  let minutes = 0;
  // Each action a few minutes after the last, so the activity reads as a morning's work.
  const audit = (entry: Parameters<typeof auditRecord>[2]) =>
    auditRecord({ clock: () => new Date(now.getTime() - (90 - (minutes += 7)) * 60_000), random: { id: randomUUID } }, actor, entry);
  const misleading: AdminReason = { code: 'misleading', note: 'Claims accreditations the provider cannot show' };

  const claims = createClaimRepository(documents, tableName);
  const created = new Map<string, { businessId: string; at: string }>();

  for (const [n, business] of [...UNCLAIMED, ...CLAIMED].entries()) {
    const town = input.towns.find((candidate) => candidate.name === business.town) ?? input.towns[n % input.towns.length]!;
    const place = withGeohash(town.sectors[0]!);
    const userId = randomUUID();
    const businessId = randomUUID();
    // An hour apart, so the businesses list shows them in a steady order.
    const at = new Date(now.getTime() - n * 3_600_000).toISOString();
    await admin.createUnclaimedProvider({
      profile: {
        userId,
        accountType: 'provider',
        firstName: business.firstName,
        lastName: business.lastName,
        businessName: business.businessName,
        businessId,
        location: town.name,
        placeName: place.name,
        lat: place.lat,
        lng: place.lng,
        geohash: place.geohash,
        placePrecision: place.precision,
        phoneNumber: business.phoneNumber,
        categories: [...business.categories],
        unclaimed: true,
        listingGrantedBy: actor.id,
        listingGrantedAt: at,
        createdAt: at,
        updatedAt: at,
      },
      business: {
        businessId,
        businessName: business.businessName,
        createdAt: at,
        ...('businessEmail' in business ? { businessEmail: business.businessEmail } : {}),
      },
      audit: audit({
        action: 'provider.create',
        target: { kind: 'user', id: userId, label: `${business.firstName} ${business.lastName} (${business.businessName})` },
        after: { businessName: business.businessName, firstName: business.firstName, lastName: business.lastName, listing: 'adminGranted' },
      }),
    });
    await directory.syncListing(userId, now);
    created.set(business.businessName, { businessId, at });
  }

  for (const business of CLAIMED) {
    const { businessId, at } = created.get(business.businessName)!;
    const claimantUserId = await accounts.findUserIdByEmail(business.claimant.email);
    if (!claimantUserId) continue;
    const claim = {
      businessId,
      claimId: randomUUID(),
      businessName: business.businessName,
      claimantUserId,
      claimantEmail: business.claimant.email,
      state: 'pending' as const,
      createdAt: new Date(Date.parse(at) + 3_600_000).toISOString(),
    };
    await claims.open(claim);
    // The owner claimed it an hour after the admin listed it; the approval comes in the morning's work below.
    if (!business.approved) continue;
    const decided = audit({
      action: 'claim.approve',
      target: { kind: 'user', id: claimantUserId, label: business.businessName },
      before: { state: 'pending' },
      after: { state: 'approved', businessId },
    });
    await claims.transfer(claim, { state: 'approved', decidedAt: decided.at, decidedBy: actor.id }, decided);
  }

  // Two reviews of reviewed, listed providers wait for approval again.
  const reviewed = input.providers.filter((provider) => provider.reviews.length >= 2 && provider.isVisible && provider.membership.tier !== 'none');
  for (const provider of reviewed.slice(3, 5)) {
    const [entry] = await feedback.listAllReceived(provider.userId);
    if (!entry) continue;
    await feedback.setApproved(
      entry.id,
      false,
      audit({
        action: 'feedback.unapprove',
        target: { kind: 'feedback', id: entry.id, label: `"${entry.title}" for ${provider.businessName}` },
        before: { approved: true },
        after: { approved: false },
        reason: { code: 'other', note: 'Checking with the client that the job took place' },
      }),
    );
    await directory.syncListing(provider.userId, now);
  }

  const hidden = reviewed[7];
  if (hidden) {
    await admin.changeProfile({
      userId: hidden.userId,
      expect: { isVisible: true },
      set: { isVisible: false, updatedAt: now.toISOString() },
      audit: audit({
        action: 'user.hide',
        target: { kind: 'user', id: hidden.userId, label: `${hidden.firstName} ${hidden.lastName} (${hidden.businessName})` },
        before: { isVisible: true },
        after: { isVisible: false },
        reason: misleading,
      }),
    });
    await directory.syncListing(hidden.userId, now);
  }

  const client = await accounts.getProfile(input.deactivatedClient.userId);
  if (client?.isActive) {
    await admin.changeProfile({
      userId: client.userId,
      expect: { isActive: true },
      set: { isActive: false, sessionsValidAfter: Math.floor(now.getTime() / 1000), updatedAt: now.toISOString() },
      audit: audit({
        action: 'user.deactivate',
        target: { kind: 'user', id: client.userId, label: `${client.firstName} ${client.lastName}` },
        before: { isActive: true },
        after: { isActive: false },
        reason: { code: 'abusive', note: 'Abusive messages to several providers' },
      }),
    });
    await createCognitoIdentity(input.cognito, input.userPoolId).setEnabled(input.deactivatedClient.email, false);
  }
}
