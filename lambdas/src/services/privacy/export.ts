import type { DataExport } from '@solutionz/shared';
import type { AuthorizedCaller } from '../../auth/caller';
import type { AccountsDeps } from '../accounts/deps';
import { toMeResponse } from '../accounts/me';
import { ownProfile } from '../security/checks';
import type { PersonalDataRegistry } from './personal-data';

export interface ExportDeps extends Pick<AccountsDeps, 'accounts' | 'clock'> {
  readonly personalData: PersonalDataRegistry;
}

/**
 * Everything the product holds about the caller (GET /api/me/export): the account, every profile
 * field the person gave us with the place it was geocoded to, and one section per registered kind of
 * data. Internal keys and secrets (token hashes, the geohash, session times) are left out.
 */
export async function exportMyData(deps: ExportDeps, caller: AuthorizedCaller): Promise<DataExport> {
  const profile = await ownProfile(deps, caller);
  const now = deps.clock();
  const me = toMeResponse(profile, now);
  const subject = { userId: profile.userId, email: profile.email, profile };
  const sections = await Promise.all(deps.personalData.sections.map(async (section) => [section.name, await section.collect(subject)] as const));
  return {
    exportedAt: now.toISOString(),
    account: {
      userId: me.userId,
      email: me.email,
      accountType: me.accountType,
      createdAt: me.createdAt,
      emailConfirmedAt: me.emailConfirmedAt,
      mfaEnabled: me.mfaEnabled,
      isActive: me.isActive,
      isVisible: me.isVisible,
    },
    profile: {
      firstName: me.firstName,
      lastName: me.lastName,
      location: me.location,
      place: me.place,
      phoneNumber: me.phoneNumber,
      businessName: me.businessName,
      bio: me.bio,
      skills: me.skills,
      socialLinks: me.socialLinks,
      categories: me.categories,
      avatarUrl: me.avatarUrl,
      notifications: me.notifications,
      updatedAt: profile.updatedAt,
    },
    sections: Object.fromEntries(sections),
  };
}
