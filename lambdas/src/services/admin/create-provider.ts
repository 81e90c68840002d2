import {
  ADMIN_CONSOLE_MESSAGES,
  AVATAR,
  normalisePhone,
  STORAGE_CACHE_CONTROL_S,
  type AdminCreateProvider,
  type AdminUserRecord,
  type PresignedUpload,
} from '@solutionz/shared';
import type { AuthorizedCaller } from '../../auth/caller';
import { ValidationError } from '../../errors';
import { resolvePlace } from '../../geo/resolve';
import { toAvatarWebp } from '../profiles/avatar-image';
import { actorOf, auditRecord } from './audit';
import { logoPrefix, logoUploadPrefix } from './logo-keys';
import type { AdminConsoleDeps } from './deps';
import { toAdminRecord } from './users';

const MESSAGES = ADMIN_CONSOLE_MESSAGES.createProvider;
/** How long a presigned logo upload may be used. */
const UPLOAD_EXPIRES_S = 300;

/** The key is chosen here, never by the browser: a random name under the admin's own upload prefix. */
export async function createLogoUpload(deps: AdminConsoleDeps, caller: AuthorizedCaller, input: { contentType: string }): Promise<PresignedUpload> {
  const key = `${logoUploadPrefix(caller.userId)}${deps.random.id()}`;
  const grant = await deps.logos.grantUpload({ key, contentType: input.contentType, maxBytes: AVATAR.maxBytes, expiresInSeconds: UPLOAD_EXPIRES_S });
  return { ...grant, key, maxBytes: AVATAR.maxBytes };
}

const refused = (message: string) => new ValidationError({ 'body.logoKey': message }, message);

/** The uploaded logo, checked by its bytes and re-encoded without metadata under the new business's prefix; the upload goes. */
async function storeLogo(deps: AdminConsoleDeps, adminId: string, key: string, userId: string): Promise<string> {
  const ownPrefix = logoUploadPrefix(adminId);
  if (!key.startsWith(ownPrefix) || !/^[\w-]+$/.test(key.slice(ownPrefix.length))) throw refused(MESSAGES.logoMissing);
  const upload = await deps.logos.read(key, AVATAR.maxBytes);
  if (!upload) throw refused(MESSAGES.logoMissing);
  const image = upload.body ? await toAvatarWebp(upload.body) : undefined;
  if (!image?.ok) {
    await deps.logos.delete(key);
    throw refused(image ? MESSAGES.logoWrongType : MESSAGES.logoTooLarge);
  }
  const logoKey = `${logoPrefix(userId)}${deps.random.id()}.webp`;
  await deps.logos.write(logoKey, image.webp, 'image/webp', `public, max-age=${STORAGE_CACHE_CONTROL_S}`);
  await deps.logos.delete(key);
  return logoKey;
}

/**
 * A business an admin lists (it asked by phone): a provider profile without a sign-in or e-mail address,
 * listed by the admin's grant instead of a membership, waiting to be claimed. The location is placed
 * and the logo checked before anything is written; profile, business, counters and audit entry are one
 * transaction, and the directory listing follows.
 */
export async function createProvider(
  deps: AdminConsoleDeps,
  caller: AuthorizedCaller,
  input: AdminCreateProvider,
): Promise<{ provider: AdminUserRecord; businessId: string }> {
  const actor = actorOf(caller);
  const place = input.location ? await resolvePlace(deps.geocoder, input.location, 'body.location') : undefined;
  const userId = deps.random.id();
  const avatarKey = input.logoKey ? await storeLogo(deps, caller.userId, input.logoKey, userId) : undefined;
  const now = deps.clock();
  const at = now.toISOString();
  const businessId = deps.random.id();
  const { firstName, lastName, businessName } = input;
  await deps.admin.createUnclaimedProvider({
    profile: {
      userId,
      accountType: 'provider',
      firstName,
      lastName,
      businessName,
      businessId,
      ...(place
        ? { location: input.location, placeName: place.name, lat: place.lat, lng: place.lng, geohash: place.geohash, placePrecision: place.precision }
        : {}),
      ...(input.phoneNumber ? { phoneNumber: normalisePhone(input.phoneNumber) } : {}),
      ...(input.bio ? { bio: input.bio } : {}),
      ...(input.websiteUrl ? { socialLinks: { website: input.websiteUrl } } : {}),
      categories: [...new Set(input.categories ?? [])],
      ...(avatarKey ? { avatarKey } : {}),
      unclaimed: true,
      listingGrantedBy: actor.id,
      listingGrantedAt: at,
      createdAt: at,
      updatedAt: at,
    },
    business: { businessId, businessName, createdAt: at, ...(input.businessEmail ? { businessEmail: input.businessEmail } : {}) },
    audit: auditRecord(deps, actor, {
      action: 'provider.create',
      target: { kind: 'user', id: userId, label: `${firstName} ${lastName} (${businessName})` },
      after: { businessName, firstName, lastName, listing: 'adminGranted' },
    }),
  });
  await deps.directory.syncListing(userId, deps.clock());
  const created = await deps.accounts.getProfile(userId, { consistent: true });
  return { provider: toAdminRecord(created!, now), businessId };
}
