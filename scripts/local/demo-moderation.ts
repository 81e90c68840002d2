import { randomUUID } from 'node:crypto';
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AdminReason } from '@solutionz/shared';
import { createCognitoIdentity } from '@solutionz/lambdas/adapters/cognito-identity';
import { createAccountRepository } from '@solutionz/lambdas/data/account-repository';
import { createAdminRepository } from '@solutionz/lambdas/data/admin-repository';
import { createDirectoryRepository } from '@solutionz/lambdas/data/directory';
import { createFeedbackRepository } from '@solutionz/lambdas/data/feedback-repository';
import { withGeohash } from '@solutionz/lambdas/geo/resolve';
import { auditRecord, type Actor } from '@solutionz/lambdas/services/admin/audit';
import type { DemoUser } from './demo-data';
import type { DemoDirectoryProvider, DemoTown } from './demo-directory';

/** A client an administrator has deactivated: the sign-in is refused with the deactivation notice. */
export function demoModeratedUsers(): readonly DemoUser[] {
  return [{ accountType: 'client', email: 'deactivated@solutionz.local', password: 'Demo-client-1', firstName: 'Dominic', lastName: 'Marsh', location: 'Leicester' }];
}

/** Businesses that asked by phone to be listed: created by the admin, not claimed yet. */
const UNCLAIMED = [
  { firstName: 'Sandra', lastName: 'Kowalski', businessName: 'Kowalski Window Cleaning', town: 'Nottingham', categories: ['Cleaning & Removal Services > Window Cleaning'], phoneNumber: '+44 115 496 0721' },
  { firstName: 'Idris', lastName: 'Rahman', businessName: 'Rahman Locksmiths', town: 'Sheffield', categories: ['Construction/Trade > Locksmith'], phoneNumber: '+44 114 496 0388' },
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
 * reason, and two businesses created by the admin. A newcomer sees every state of the admin screens.
 */
export async function loadDemoModeration(input: DemoModerationInput, now: Date): Promise<void> {
  const { documents, tableName } = input;
  const admin = createAdminRepository(documents, tableName);
  const accounts = createAccountRepository(documents, tableName);
  const feedback = createFeedbackRepository(documents, tableName);
  const directory = createDirectoryRepository(documents, tableName);
  const actor: Actor = { id: input.admin.userId, name: input.admin.name };
  let minutes = 0;
  // Each action a few minutes after the last, so the activity reads as a morning's work.
  const audit = (entry: Parameters<typeof auditRecord>[2]) => auditRecord({ clock: () => new Date(now.getTime() - (60 - (minutes += 7)) * 60_000), random: { id: randomUUID } }, actor, entry);
  const misleading: AdminReason = { code: 'misleading', note: 'Claims accreditations the provider cannot show' };

  for (const [n, business] of UNCLAIMED.entries()) {
    const town = input.towns.find((candidate) => candidate.name === business.town) ?? input.towns[n]!;
    const place = withGeohash(town.sectors[0]!);
    const userId = randomUUID();
    const businessId = randomUUID();
    const at = now.toISOString();
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
      business: { businessId, businessName: business.businessName, createdAt: at },
      audit: audit({
        action: 'provider.create',
        target: { kind: 'user', id: userId, label: `${business.firstName} ${business.lastName} (${business.businessName})` },
        after: { businessName: business.businessName, firstName: business.firstName, lastName: business.lastName, listing: 'adminGranted' },
      }),
    });
    await directory.syncListing(userId, now);
  }

  // Two reviews of reviewed, listed providers wait for approval again.
  const reviewed = input.providers.filter((provider) => provider.reviews.length >= 2 && provider.isVisible && provider.membership.tier !== 'none');
  for (const provider of reviewed.slice(3, 5)) {
    const [entry] = await feedback.listAllReceived(provider.userId);
    if (!entry) continue;
    await feedback.setApproved(entry.id, false, audit({
      action: 'feedback.unapprove',
      target: { kind: 'feedback', id: entry.id, label: `"${entry.title}" for ${provider.businessName}` },
      before: { approved: true },
      after: { approved: false },
      reason: { code: 'other', note: 'Checking with the client that the job took place' },
    }));
    await directory.syncListing(provider.userId, now);
  }

  const hidden = reviewed[7];
  if (hidden) {
    await admin.changeProfile({
      userId: hidden.userId,
      expect: { isVisible: true },
      set: { isVisible: false, updatedAt: now.toISOString() },
      audit: audit({ action: 'user.hide', target: { kind: 'user', id: hidden.userId, label: `${hidden.firstName} ${hidden.lastName} (${hidden.businessName})` }, before: { isVisible: true }, after: { isVisible: false }, reason: misleading }),
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
