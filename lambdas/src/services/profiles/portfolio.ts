import {
  PORTFOLIO_LIMITS,
  PORTFOLIO_MESSAGES,
  PROVIDER_PROFILE_MESSAGES,
  STORAGE_CACHE_CONTROL_S,
  type PortfolioItem,
  type PortfolioItemSave,
  type PortfolioMedia,
  type PortfolioResponse,
  type PortfolioUploadGrant,
  type PortfolioUploadRequest,
} from '@solutionz/shared';
import type { MediaStorage } from '../../adapters/s3-media';
import type { AuthorizedCaller } from '../../auth/caller';
import type { AccountRepository } from '../../data/account-repository';
import { isListed } from '../../data/listing-rule';
import type { PortfolioItemRecord, PortfolioMediaRecord, PortfolioRepository } from '../../data/portfolio-repository';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import { checkPortfolioFile, posterWebp } from './portfolio-media';
import { portfolioPrefix, portfolioUploadPrefix } from './portfolio-keys';

/** Everything the portfolio services use, passed in so tests can bring real local ones or fakes. */
export interface PortfolioDeps {
  readonly portfolio: PortfolioRepository;
  /** The portfolio bucket. */
  readonly portfolioFiles: MediaStorage;
  readonly accounts: Pick<AccountRepository, 'getProfile'>;
  readonly clock: () => Date;
  readonly random: { id(): string };
}

/** How long a presigned upload may be used. */
const UPLOAD_EXPIRES_S = 300;
const SERVED = `public, max-age=${STORAGE_CACHE_CONTROL_S}`;

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────

function toPortfolioMedia(media: PortfolioMediaRecord): PortfolioMedia {
  return {
    id: media.id,
    type: media.type,
    url: media.key ? `/${media.key}` : media.url!,
    ...(media.thumbnailKey ? { thumbnailUrl: `/${media.thumbnailKey}` } : {}),
    ...(media.posterKey ? { posterUrl: `/${media.posterKey}` } : {}),
    filename: media.filename,
  };
}

function toPortfolioItem(item: PortfolioItemRecord): PortfolioItem {
  return {
    id: item.itemId,
    title: item.title,
    ...(item.description ? { description: item.description } : {}),
    media: item.media.map(toPortfolioMedia),
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

/** The objects of ours a media entry uses (a legacy image's URL is not one). */
const objectsOf = (media: PortfolioMediaRecord, userId: string): string[] =>
  [media.key, media.thumbnailKey, media.posterKey].filter((key): key is string => Boolean(key?.startsWith(portfolioPrefix(userId))));

// ── Uploads ──────────────────────────────────────────────────────────────────────────────────────

/** One presigned POST per file; each key is chosen here, a random name under the caller's own upload prefix. */
export async function createPortfolioUploads(
  deps: Pick<PortfolioDeps, 'portfolioFiles' | 'random'>,
  caller: AuthorizedCaller,
  request: PortfolioUploadRequest,
): Promise<{ uploads: PortfolioUploadGrant[] }> {
  const maxBytes = PORTFOLIO_LIMITS.maxFileBytes;
  const uploads = await Promise.all(
    request.files.map(async (file) => {
      const uploadId = deps.random.id();
      const key = `${portfolioUploadPrefix(caller.userId)}${uploadId}`;
      const grant = await deps.portfolioFiles.grantUpload({ key, contentType: file.type, maxBytes, expiresInSeconds: UPLOAD_EXPIRES_S });
      return { uploadId, name: file.name, ...grant, key, maxBytes };
    }),
  );
  return { uploads };
}

// ── Checking and storing the files of a save ─────────────────────────────────────────────────────

type NewMedia = { uploadId: string; filename: string; posterUploadId?: string };
type MediaEntry = { id: string } | NewMedia;

/** A file of the save that passed its checks, held until every file has; `uploads` are the originals it came from. */
type Checked =
  | { kind: 'kept'; media: PortfolioMediaRecord }
  | { kind: 'image'; filename: string; webp: Buffer; thumbnail: Buffer; uploads: string[] }
  | { kind: 'video'; filename: string; mp4: Buffer; poster?: Buffer; uploads: string[] };

interface PreparedMedia {
  readonly media: PortfolioMediaRecord[];
  /** Objects this save wrote: removed again if the item cannot be written. */
  readonly written: string[];
}

class Problems {
  readonly fields: Record<string, string> = {};
  add(field: string, message: string) {
    this.fields[field] ??= message;
  }
  throwIfAny() {
    const [first] = Object.values(this.fields);
    if (first !== undefined) throw new ValidationError(this.fields, first);
  }
}

/**
 * Reads an upload back and checks it: it must be there (the caller's own, under their prefix), within
 * 10 MB, and what `check` makes of its bytes. A file that fails is deleted; one that is missing is named
 * as failed to upload.
 */
async function readChecked<T>(
  deps: PortfolioDeps,
  key: string,
  filename: string,
  check: (bytes: Buffer) => Promise<T | undefined>,
): Promise<{ ok: true; value: T } | { ok: false; message: string }> {
  const upload = await deps.portfolioFiles.read(key, PORTFOLIO_LIMITS.maxFileBytes);
  if (!upload) return { ok: false, message: PORTFOLIO_MESSAGES.uploadFailed.description(filename) };
  const value = upload.body ? await check(upload.body) : undefined;
  if (value === undefined) {
    await deps.portfolioFiles.delete(key);
    return { ok: false, message: (upload.body ? PORTFOLIO_MESSAGES.wrongType : PORTFOLIO_MESSAGES.tooLarge).description(filename) };
  }
  return { ok: true, value };
}

/**
 * Every file of a save is checked before anything is stored, and every problem is named (the product's
 * message with the file's name) under its `body.media.N` field. Files are checked one after another so
 * that at most one upload's bytes are decoded at a time.
 */
async function prepareMedia(
  deps: PortfolioDeps,
  userId: string,
  entries: readonly MediaEntry[],
  current: readonly PortfolioMediaRecord[],
): Promise<PreparedMedia> {
  const problems = new Problems();
  const keptIds = new Set<string>();
  entries.forEach((entry, index) => {
    if (!('id' in entry)) return;
    if (keptIds.has(entry.id) || !current.some((media) => media.id === entry.id)) problems.add(`body.media.${index}`, PORTFOLIO_MESSAGES.unknownMedia);
    keptIds.add(entry.id);
  });
  problems.throwIfAny();

  const uploadKey = (uploadId: string) => `${portfolioUploadPrefix(userId)}${uploadId}`;
  const checked: Checked[] = [];
  for (const [index, entry] of entries.entries()) {
    if ('id' in entry) {
      checked.push({ kind: 'kept', media: current.find((media) => media.id === entry.id)! });
      continue;
    }
    const field = `body.media.${index}`;
    const file = await readChecked(deps, uploadKey(entry.uploadId), entry.filename, async (bytes) => {
      const result = await checkPortfolioFile(bytes);
      return result.ok ? result : undefined;
    });
    if (!file.ok) {
      problems.add(field, file.message);
      continue;
    }
    const uploads = [uploadKey(entry.uploadId)];
    if (file.value.type === 'image') {
      if (entry.posterUploadId) problems.add(`${field}.posterUploadId`, PORTFOLIO_MESSAGES.posterNotForImage);
      checked.push({ kind: 'image', filename: entry.filename, webp: file.value.webp, thumbnail: file.value.thumbnail, uploads });
      continue;
    }
    let poster: Buffer | undefined;
    if (entry.posterUploadId) {
      const posterFile = await readChecked(deps, uploadKey(entry.posterUploadId), entry.filename, posterWebp);
      if (posterFile.ok) {
        poster = posterFile.value;
        uploads.push(uploadKey(entry.posterUploadId));
      } else {
        problems.add(`${field}.posterUploadId`, posterFile.message);
      }
    }
    checked.push({ kind: 'video', filename: entry.filename, mp4: file.value.mp4, uploads, ...(poster ? { poster } : {}) });
  }
  problems.throwIfAny();

  const written: string[] = [];
  const store = async (key: string, body: Buffer, contentType: string) => {
    written.push(key);
    await deps.portfolioFiles.write(key, body, contentType, SERVED);
  };
  const media: PortfolioMediaRecord[] = [];
  try {
    for (const file of checked) {
      if (file.kind === 'kept') {
        media.push(file.media);
        continue;
      }
      const id = deps.random.id();
      const base = `${portfolioPrefix(userId)}${id}`;
      if (file.kind === 'image') {
        await store(`${base}.webp`, file.webp, 'image/webp');
        await store(`${base}-thumb.webp`, file.thumbnail, 'image/webp');
        media.push({ id, type: 'image', filename: file.filename, key: `${base}.webp`, thumbnailKey: `${base}-thumb.webp` });
      } else {
        await store(`${base}.mp4`, file.mp4, 'video/mp4');
        if (file.poster) await store(`${base}-poster.webp`, file.poster, 'image/webp');
        media.push({ id, type: 'video', filename: file.filename, key: `${base}.mp4`, ...(file.poster ? { posterKey: `${base}-poster.webp` } : {}) });
      }
      // The original (with whatever metadata it came with) goes as soon as its published copy exists.
      await removeQuietly(deps, file.uploads);
    }
  } catch (error) {
    await removeQuietly(deps, written);
    throw error;
  }
  return { media, written };
}

/**
 * Tidying after a write. A file that stays behind is under the person's own prefixes, where erasure
 * finds it, and uploads lapse by the bucket's lifecycle rule (earlier versions of them at once).
 */
async function removeQuietly(deps: Pick<PortfolioDeps, 'portfolioFiles'>, keys: readonly string[]): Promise<void> {
  await Promise.allSettled(keys.map((key) => deps.portfolioFiles.delete(key)));
}

// ── Items ────────────────────────────────────────────────────────────────────────────────────────

/** POST /api/me/portfolio: a new item at the end, once every file passed its checks. */
export async function createPortfolioItem(deps: PortfolioDeps, caller: AuthorizedCaller, input: PortfolioItemSave): Promise<PortfolioItem> {
  const limit = PORTFOLIO_LIMITS.maxItemsPerProvider;
  // Checked again by the write itself; this spares checking the files of an item that cannot be added.
  if ((await deps.portfolio.itemCount(caller.userId)) >= limit) throw new ConflictError(PORTFOLIO_MESSAGES.tooManyItems);
  const prepared = await prepareMedia(deps, caller.userId, input.media, []);
  const now = deps.clock();
  const item: PortfolioItemRecord = {
    userId: caller.userId,
    itemId: deps.random.id(),
    title: input.title,
    ...(input.description ? { description: input.description } : {}),
    position: now.getTime(),
    media: prepared.media,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  let outcome: 'added' | 'full';
  try {
    outcome = await deps.portfolio.add(item, limit);
  } catch (error) {
    await removeQuietly(deps, prepared.written);
    throw error;
  }
  if (outcome === 'full') {
    await removeQuietly(deps, prepared.written);
    throw new ConflictError(PORTFOLIO_MESSAGES.tooManyItems);
  }
  return toPortfolioItem(item);
}

/**
 * PUT /api/me/portfolio/{itemId}: the item as sent replaces the item as it was; its files that are not
 * kept are deleted. An edit that meets another of the same item fails instead of losing either.
 */
export async function updatePortfolioItem(deps: PortfolioDeps, caller: AuthorizedCaller, itemId: string, input: PortfolioItemSave): Promise<PortfolioItem> {
  const item = await deps.portfolio.get(caller.userId, itemId);
  if (!item) throw new NotFoundError(PORTFOLIO_MESSAGES.itemNotFound);
  const prepared = await prepareMedia(deps, caller.userId, input.media, item.media);
  // Strictly later than the version replaced, which the write's condition tells apart from it.
  const updatedAt = new Date(Math.max(deps.clock().getTime(), Date.parse(item.updatedAt) + 1)).toISOString();
  const content = { title: input.title, ...(input.description ? { description: input.description } : {}), media: prepared.media };
  let replaced: boolean;
  try {
    replaced = await deps.portfolio.replace(caller.userId, itemId, content, updatedAt, item.updatedAt);
  } catch (error) {
    await removeQuietly(deps, prepared.written);
    throw error;
  }
  if (!replaced) {
    await removeQuietly(deps, prepared.written);
    throw new ConflictError(PORTFOLIO_MESSAGES.orderOutdated);
  }
  const kept = new Set(prepared.media.map((media) => media.id));
  const dropped = item.media.filter((media) => !kept.has(media.id)).flatMap((media) => objectsOf(media, caller.userId));
  await removeQuietly(deps, dropped);
  return toPortfolioItem({ userId: item.userId, itemId, position: item.position, createdAt: item.createdAt, ...content, updatedAt });
}

/**
 * DELETE /api/me/portfolio/{itemId}. The files go first: if that fails the item is still there to delete
 * again, and no file is left that nothing links.
 */
export async function deletePortfolioItem(deps: PortfolioDeps, caller: AuthorizedCaller, itemId: string): Promise<{ itemId: string; deleted: true }> {
  const item = await deps.portfolio.get(caller.userId, itemId);
  if (!item) throw new NotFoundError(PORTFOLIO_MESSAGES.itemNotFound);
  await Promise.all(item.media.flatMap((media) => objectsOf(media, caller.userId)).map((key) => deps.portfolioFiles.delete(key)));
  await deps.portfolio.remove(caller.userId, itemId);
  return { itemId, deleted: true };
}

/** PUT /api/me/portfolio/order: every item, each once; a list that is not the portfolio as it is now is refused. */
export async function reorderPortfolio(deps: PortfolioDeps, caller: AuthorizedCaller, itemIds: readonly string[]): Promise<PortfolioResponse> {
  const items = await deps.portfolio.list(caller.userId, { consistent: true });
  const byId = new Map(items.map((item) => [item.itemId, item]));
  if (itemIds.length !== items.length || !itemIds.every((id) => byId.has(id))) throw new ConflictError(PORTFOLIO_MESSAGES.orderOutdated);
  if (!(await deps.portfolio.reorder(caller.userId, itemIds))) throw new ConflictError(PORTFOLIO_MESSAGES.orderOutdated);
  return { items: itemIds.map((id) => toPortfolioItem(byId.get(id)!)) };
}

/** GET /api/me/portfolio: the owner's own, whatever their membership or visibility. */
export async function listMyPortfolio(deps: PortfolioDeps, caller: AuthorizedCaller): Promise<PortfolioResponse> {
  return { items: (await deps.portfolio.list(caller.userId, { consistent: true })).map(toPortfolioItem) };
}

/** GET /api/providers/{providerId}/portfolio: only a listed provider's; anyone else is not available. */
export async function getProviderPortfolio(deps: PortfolioDeps, providerId: string): Promise<PortfolioResponse> {
  const profile = await deps.accounts.getProfile(providerId);
  if (!isListed(profile, deps.clock())) throw new NotFoundError(PROVIDER_PROFILE_MESSAGES.notAvailable.text);
  return { items: (await deps.portfolio.list(providerId)).map(toPortfolioItem) };
}
