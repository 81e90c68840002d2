import type { PresignedUpload } from '@solutionz/shared';

/** The storage service refused the file (its policy: key, type, size) or could not be reached. */
export class UploadError extends Error {
  override readonly name = 'UploadError';
  constructor(readonly status: number) {
    super(status ? `The upload was refused (${status})` : 'The upload could not reach the storage service');
  }
}

export interface UploadOptions {
  /** Called as the bytes go out, with the share sent so far (0 to 1). */
  onProgress?: (share: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends a file straight to the bucket with a presigned POST (docs/architecture.md#files): the policy's
 * fields first, the file last, as S3 requires. XMLHttpRequest rather than fetch, because only it
 * reports upload progress. An abort rejects with an AbortError.
 */
export function uploadWithPresignedPost(upload: PresignedUpload, file: Blob, { onProgress, signal }: UploadOptions = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('The upload was cancelled', 'AbortError'));
    const form = new FormData();
    for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
    form.append('file', file);

    const request = new XMLHttpRequest();
    const abort = () => request.abort();
    const settle = () => signal?.removeEventListener('abort', abort);
    request.open('POST', upload.url);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      settle();
      if (request.status >= 200 && request.status < 300) resolve();
      else reject(new UploadError(request.status));
    };
    request.onerror = () => {
      settle();
      reject(new UploadError(0));
    };
    request.onabort = () => {
      settle();
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    };
    signal?.addEventListener('abort', abort, { once: true });
    request.send(form);
  });
}
