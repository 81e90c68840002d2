import {
  PORTFOLIO_LIMITS,
  PORTFOLIO_MEDIA_TYPES,
  PORTFOLIO_MESSAGES,
  portfolioFileProblem,
  type PortfolioContentType,
  type PortfolioMediaType,
  type PortfolioUploadGrant,
  type PresignedUpload,
} from '@solutionz/shared';
import { ApiError } from '@/lib/api-client';
import type { UploadOptions } from '@/lib/presigned-upload';

/**
 * The files an item's editor is uploading (docs/product/provider-profile.md#portfolio): each file is checked in the
 * browser, then the files of a choice get presigned POSTs (the images in one API call, the videos in
 * another) and go to storage at once, each with its own progress and its own cancel. A video may bring a poster frame drawn by the browser,
 * uploaded beside it. The API checks every file again when the item is saved.
 */

type UploadStatus = 'preparing' | 'uploading' | 'uploaded' | 'failed';

/** What went wrong with one file, as a toast says it: the product's title and a message naming the file. */
export interface UploadProblem {
  readonly title: string;
  readonly description: string;
}

export interface PortfolioUpload {
  /** This queue's own name for the entry (the API's upload id arrives later). */
  readonly key: string;
  readonly file: File;
  readonly name: string;
  readonly kind: PortfolioMediaType;
  readonly status: UploadStatus;
  /** Of the file itself, 0 to 100. */
  readonly percent: number;
  /** Once uploaded: what a save names the file by. */
  readonly uploadId?: string;
  readonly posterUploadId?: string;
  readonly problem?: UploadProblem;
}

interface FileToGrant {
  readonly name: string;
  readonly type: string;
  readonly size: number;
}

export interface UploadQueueDeps {
  requestGrants(files: readonly FileToGrant[], signal: AbortSignal): Promise<PortfolioUploadGrant[]>;
  send(target: PresignedUpload, file: Blob, options: UploadOptions): Promise<void>;
  /** A still of the video to show before it plays, if the browser can draw one. */
  posterFrame?(video: File, signal: AbortSignal): Promise<Blob | undefined>;
}

const EXTENSION_TYPES: Readonly<Record<string, PortfolioContentType>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  mp4: 'video/mp4',
};

/** The file's type from the browser, or from its name when the browser gave none. */
export function portfolioTypeOf(file: Pick<File, 'name' | 'type'>): string {
  if (file.type) return file.type;
  return EXTENSION_TYPES[file.name.split('.').pop()?.toLowerCase() ?? ''] ?? '';
}

/** The browser's own check (the same rules and words as the API's). */
function refusalOf(file: Pick<File, 'name' | 'type' | 'size'>): UploadProblem | undefined {
  const type = portfolioTypeOf(file);
  const description = portfolioFileProblem({ name: file.name, type, size: file.size });
  if (!description) return undefined;
  const { wrongType, tooLarge } = PORTFOLIO_MESSAGES;
  return { title: type in PORTFOLIO_MEDIA_TYPES ? tooLarge.title : wrongType.title, description };
}

/** Whether a file is still on its way (an item cannot be saved before it arrives). */
export const isUploading = (uploads: readonly PortfolioUpload[]) => uploads.some((upload) => upload.status === 'preparing' || upload.status === 'uploading');

const uploadFailed = (name: string): UploadProblem => ({
  title: PORTFOLIO_MESSAGES.uploadFailed.title,
  description: PORTFOLIO_MESSAGES.uploadFailed.description(name),
});

/** The API's reason for refusing one file of a grant request (`body.files.N.type|size`), else the generic failure. */
function grantProblem(error: unknown, index: number, name: string): UploadProblem {
  if (error instanceof ApiError) {
    const wrongType = error.fieldMessage(`files.${index}.type`);
    if (wrongType) return { title: PORTFOLIO_MESSAGES.wrongType.title, description: wrongType };
    const tooLarge = error.fieldMessage(`files.${index}.size`);
    if (tooLarge) return { title: PORTFOLIO_MESSAGES.tooLarge.title, description: tooLarge };
  }
  return uploadFailed(name);
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

function posterName(videoName: string): string {
  const dot = videoName.lastIndexOf('.');
  return `${dot > 0 ? videoName.slice(0, dot) : videoName}-poster.jpg`;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/**
 * Told of files that could not be uploaded, once per choice or per file, with the error behind it
 * when there was one (none when the browser refused the file itself).
 */
export type UploadFailureListener = (failed: readonly PortfolioUpload[], error?: unknown) => void;

/** One file to send in a batch: an entry's own file, or the poster of an entry's video. */
interface Part {
  readonly key: string;
  readonly role: 'file' | 'poster';
  readonly blob: Blob;
  readonly request: FileToGrant;
}

export class PortfolioUploadQueue {
  private list: readonly PortfolioUpload[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly failureListeners = new Set<UploadFailureListener>();
  private readonly controllers = new Map<string, AbortController>();
  private counter = 0;
  private closed = false;

  constructor(private readonly deps: UploadQueueDeps) {}

  /** For useSyncExternalStore: the same array until something changes. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly snapshot = (): readonly PortfolioUpload[] => this.list;

  onFailure(listener: UploadFailureListener): () => void {
    this.failureListeners.add(listener);
    return () => this.failureListeners.delete(listener);
  }

  /**
   * Checks and starts `files`. Files the browser refuses stay in the list with their reason. Resolves
   * when every file of this choice has uploaded, failed or been removed.
   */
  async add(files: readonly File[]): Promise<void> {
    const fresh = files.map((file): PortfolioUpload => {
      const problem = refusalOf(file);
      const kind = PORTFOLIO_MEDIA_TYPES[portfolioTypeOf(file) as PortfolioContentType] ?? 'image';
      return {
        key: `upload-${++this.counter}`,
        file,
        name: file.name,
        kind,
        status: problem ? 'failed' : 'preparing',
        percent: 0,
        ...(problem ? { problem } : {}),
      };
    });
    if (fresh.length === 0) return;
    this.commit([...this.list, ...fresh]);

    const refused = fresh.filter((upload) => upload.status === 'failed');
    if (refused.length > 0) this.report(refused);
    const accepted = fresh.filter((upload) => upload.status === 'preparing');
    for (const upload of accepted) this.controllers.set(upload.key, new AbortController());
    if (accepted.length > 0) await this.start(accepted);
  }

  /** Stops the file's upload if it is on its way, and takes it off the list. */
  remove(key: string): void {
    const controller = this.controllers.get(key);
    this.controllers.delete(key);
    controller?.abort();
    this.commit(this.list.filter((upload) => upload.key !== key));
  }

  /** The API refused the uploaded file on save (and deleted it): it stays listed with the reason. */
  markFailed(key: string, problem: UploadProblem): void {
    this.update(key, (upload) => ({
      key: upload.key,
      file: upload.file,
      name: upload.name,
      kind: upload.kind,
      status: 'failed',
      percent: upload.percent,
      problem,
    }));
  }

  /** While the editor is shown; closing stops every upload on its way. */
  open(): void {
    this.closed = false;
  }

  close(): void {
    this.closed = true;
    const running = [...this.controllers.values()];
    this.controllers.clear();
    for (const controller of running) controller.abort();
  }

  /** Images go at once; videos once their poster frames are drawn (or not), so no image waits for a video. */
  private async start(accepted: readonly PortfolioUpload[]): Promise<void> {
    const images = accepted.filter((upload) => upload.kind === 'image');
    const videos = accepted.filter((upload) => upload.kind === 'video');
    await Promise.all([this.sendParts(images.map((upload) => this.filePart(upload))), this.startVideos(videos)]);
  }

  private async startVideos(videos: readonly PortfolioUpload[]): Promise<void> {
    if (videos.length === 0) return;
    const posters = await Promise.all(
      videos.map((upload) => {
        const signal = this.controllers.get(upload.key)?.signal;
        return signal ? this.poster(upload.file, signal) : undefined;
      }),
    );
    const parts = videos.flatMap((upload, index): Part[] => {
      const poster = posters[index];
      if (!poster) return [this.filePart(upload)];
      return [
        this.filePart(upload),
        { key: upload.key, role: 'poster', blob: poster, request: { name: posterName(upload.name), type: poster.type || 'image/jpeg', size: poster.size } },
      ];
    });
    await this.sendParts(parts);
  }

  private filePart(upload: PortfolioUpload): Part {
    return { key: upload.key, role: 'file', blob: upload.file, request: { name: upload.name, type: portfolioTypeOf(upload.file), size: upload.file.size } };
  }

  private async sendParts(parts: readonly Part[]): Promise<void> {
    if (parts.length === 0) return;
    await Promise.all(chunks(parts, PORTFOLIO_LIMITS.maxFilesPerUploadRequest).map((chunk) => this.grantAndSend(chunk)));
  }

  private async poster(video: File, signal: AbortSignal): Promise<Blob | undefined> {
    if (!this.deps.posterFrame) return undefined;
    try {
      const frame = await this.deps.posterFrame(video, signal);
      return frame && frame.size > 0 && frame.size <= PORTFOLIO_LIMITS.maxFileBytes ? frame : undefined;
    } catch {
      return undefined;
    }
  }

  private async grantAndSend(parts: readonly Part[]): Promise<void> {
    const live = () => parts.filter((part) => this.controllers.has(part.key));
    if (live().length === 0) return;
    // One request for these files together: it is given up only if every one of them was removed meanwhile.
    const batch = new AbortController();
    const stopIfAllGone = () => live().length === 0 && batch.abort();
    for (const part of parts) this.controllers.get(part.key)?.signal.addEventListener('abort', stopIfAllGone, { once: true });

    let grants: PortfolioUploadGrant[];
    try {
      grants = await this.deps.requestGrants(
        parts.map((part) => part.request),
        batch.signal,
      );
    } catch (error) {
      if (isAbort(error) || this.closed) return;
      const failed: PortfolioUpload[] = [];
      parts.forEach((part, index) => {
        if (part.role !== 'file' || !this.controllers.has(part.key)) return;
        const problem = grantProblem(error, index, part.request.name);
        const upload = this.fail(part.key, problem);
        if (upload) failed.push(upload);
      });
      if (failed.length > 0) this.report(failed, error);
      return;
    }
    if (this.closed) return;

    const byEntry = new Map<string, { file?: { part: Part; grant: PortfolioUploadGrant }; poster?: { part: Part; grant: PortfolioUploadGrant } }>();
    parts.forEach((part, index) => {
      const grant = grants[index];
      if (!grant) return;
      const entry = byEntry.get(part.key) ?? {};
      entry[part.role] = { part, grant };
      byEntry.set(part.key, entry);
    });
    await Promise.all([...byEntry].map(([key, entry]) => this.send(key, entry.file, entry.poster)));
  }

  private async send(key: string, file?: { part: Part; grant: PortfolioUploadGrant }, poster?: { part: Part; grant: PortfolioUploadGrant }): Promise<void> {
    const signal = this.controllers.get(key)?.signal;
    if (!signal || signal.aborted || !file) return;
    this.update(key, (upload) => ({ ...upload, status: 'uploading' }));
    const sentPoster = poster
      ? this.deps.send(poster.grant, poster.part.blob, { signal }).then(
          () => poster.grant.uploadId,
          () => undefined,
        )
      : Promise.resolve(undefined);
    try {
      await this.deps.send(file.grant, file.part.blob, {
        signal,
        onProgress: (share) => this.update(key, (upload) => ({ ...upload, percent: Math.min(100, Math.round(share * 100)) })),
      });
      const posterUploadId = await sentPoster;
      if (signal.aborted) return;
      this.controllers.delete(key);
      this.update(key, (upload) => ({
        ...upload,
        status: 'uploaded',
        percent: 100,
        uploadId: file.grant.uploadId,
        ...(posterUploadId ? { posterUploadId } : {}),
      }));
    } catch (error) {
      if (isAbort(error) || signal.aborted) return;
      const upload = this.fail(key, uploadFailed(file.part.request.name));
      if (upload) this.report([upload], error);
    }
  }

  private fail(key: string, problem: UploadProblem): PortfolioUpload | undefined {
    this.controllers.delete(key);
    this.markFailed(key, problem);
    return this.list.find((upload) => upload.key === key);
  }

  private update(key: string, change: (upload: PortfolioUpload) => PortfolioUpload): void {
    if (!this.list.some((upload) => upload.key === key)) return;
    this.commit(this.list.map((upload) => (upload.key === key ? change(upload) : upload)));
  }

  private report(failed: readonly PortfolioUpload[], error?: unknown): void {
    // A copy: a listener's re-render may swap listeners while they are told.
    for (const listener of [...this.failureListeners]) listener(failed, error);
  }

  private commit(list: readonly PortfolioUpload[]): void {
    this.list = list;
    for (const listener of [...this.listeners]) listener();
  }
}
