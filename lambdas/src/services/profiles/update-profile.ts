import { ACCOUNT_MESSAGES, PROFILE_MESSAGES, PROVIDER_ONLY_PROFILE_FIELDS, socialLinksFrom, type MeResponse, type ProfileUpdate } from '@solutionz/shared';
import type { AuthorizedCaller } from '../../auth/caller';
import type { EditableProfileFields, ProfileEdit, ProfileRecord } from '../../data/account-repository';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors';
import type { GeocodedPlace } from '../../geo/geocoder';
import { resolvePlace } from '../../geo/resolve';
import { toMeResponse } from '../accounts/me';
import type { ProfilesDeps } from './deps';
import { refuseDeletedCategories } from '../category-check';

/** A concurrent rename of the same business is retried on a fresh read this many times. */
const ATTEMPTS = 3;

function refuseProviderFields(caller: AuthorizedCaller, input: ProfileUpdate): void {
  if (caller.accountType === 'provider') return;
  const given = PROVIDER_ONLY_PROFILE_FIELDS.filter((field) => input[field] !== undefined);
  if (given.length > 0) throw new ValidationError(Object.fromEntries(given.map((field) => [`body.${field}`, PROFILE_MESSAGES.providerOnly])));
}

/** Links are merged by name (JSON merge patch): a link sent replaces that one, blank removes it. */
function mergedSocialLinks(profile: ProfileRecord, sent: NonNullable<ProfileUpdate['socialLinks']>): Partial<Record<string, string>> {
  const merged = { ...socialLinksFrom(profile.socialLinks), ...Object.fromEntries(Object.entries(sent).filter(([, link]) => link !== undefined)) };
  return Object.fromEntries(Object.entries(merged).filter(([, link]) => link));
}

function editOf(profile: ProfileRecord, input: ProfileUpdate, place: GeocodedPlace | undefined, updatedAt: string, newBusinessId: () => string): ProfileEdit {
  const set: Partial<EditableProfileFields> = {
    ...(input.firstName !== undefined ? { firstName: input.firstName } : {}),
    ...(input.lastName !== undefined ? { lastName: input.lastName } : {}),
    ...(input.location !== undefined && place
      ? { location: input.location, placeName: place.name, lat: place.lat, lng: place.lng, geohash: place.geohash, placePrecision: place.precision }
      : {}),
    ...(input.phoneNumber !== undefined ? { phoneNumber: input.phoneNumber } : {}),
    ...(input.bio ? { bio: input.bio } : {}),
    ...(input.skills !== undefined ? { skills: input.skills } : {}),
    ...(input.socialLinks !== undefined ? { socialLinks: mergedSocialLinks(profile, input.socialLinks) } : {}),
    ...(input.categories !== undefined ? { categories: [...new Set(input.categories)] } : {}),
  };
  const renamed = input.businessName !== undefined && input.businessName !== profile.businessName;
  const changed = (before: readonly string[] | undefined, after: readonly string[] | undefined) =>
    after !== undefined && [...(before ?? [])].sort().join('\n') !== [...after].sort().join('\n');
  return {
    userId: profile.userId,
    set,
    remove: input.bio === '' ? ['bio'] : [],
    updatedAt,
    servicesChanged: profile.accountType === 'provider' && (changed(profile.categories, set.categories) || changed(profile.skills, set.skills)),
    ...(renamed
      ? {
          business: {
            businessId: profile.businessId ?? newBusinessId(),
            ...(profile.businessId && profile.businessName !== undefined ? { previousName: profile.businessName } : {}),
            businessName: input.businessName!,
            businessEmail: profile.email,
            ownerUserId: profile.userId,
            createdAt: updatedAt,
          },
        }
      : {}),
  };
}

/**
 * PATCH /api/me/profile: exactly the profile tab's fields (the schema refuses any other by name).
 * Everything that can refuse the change (provider fields from others, a place we cannot find, a
 * provider without a membership changing their services or skills) is checked before anything is
 * written, so a refused change stores nothing. A new business name renames the provider's business
 * and its search words in the profile's own transaction.
 */
export async function updateProfile(deps: ProfilesDeps, caller: AuthorizedCaller, input: ProfileUpdate): Promise<MeResponse> {
  refuseProviderFields(caller, input);
  await refuseDeletedCategories(deps.directory, input.categories, 'body.categories');
  const place = input.location !== undefined ? await resolvePlace(deps.geocoder, input.location, 'body.location') : undefined;
  for (let attempt = 1; ; attempt++) {
    const profile = await deps.accounts.getProfile(caller.userId, { consistent: true });
    if (!profile) throw new NotFoundError(ACCOUNT_MESSAGES.profileNotFound);
    const now = deps.clock();
    const edit = editOf(profile, input, place, now.toISOString(), deps.random.id);
    // The same rule as the portfolio's: services and skills are what a membership shows clients. The same ones sent again pass.
    if (edit.servicesChanged && !caller.subscribed) throw new ForbiddenError(PROFILE_MESSAGES.servicesNeedMembership);
    if (await deps.accounts.editProfile(edit)) break;
    if (attempt === ATTEMPTS) throw new ConflictError(PROFILE_MESSAGES.saveFailed.description);
  }
  await deps.directory.syncListing(caller.userId, deps.clock());
  const updated = await deps.accounts.getProfile(caller.userId, { consistent: true });
  if (!updated) throw new NotFoundError(ACCOUNT_MESSAGES.profileNotFound);
  return toMeResponse(updated, deps.clock());
}
