/** Posters wider than this are scaled down: they stand in for a video in a card or a dialog. */
const POSTER_MAX_PX = 1280;
/** A file the browser cannot decode may never answer; the video then gets the neutral poster. */
const POSTER_TIMEOUT_MS = 5000;

function once(target: HTMLVideoElement, event: 'loadeddata' | 'seeked', signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const stop = () => reject(new DOMException('The poster was not needed any more', 'AbortError'));
    target.addEventListener(event, () => resolve(), { once: true });
    target.addEventListener('error', () => reject(new Error('The video cannot be decoded here')), { once: true });
    signal.addEventListener('abort', stop, { once: true });
  });
}

/**
 * A still from early in the video as a JPEG, drawn by the browser (the API has no video decoder), or
 * undefined when the browser cannot decode the file. Shown before the video plays.
 */
export async function videoPosterFrame(file: Blob, signal: AbortSignal): Promise<Blob | undefined> {
  const url = URL.createObjectURL(file);
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  const timeout = AbortSignal.any([signal, AbortSignal.timeout(POSTER_TIMEOUT_MS)]);
  try {
    const loaded = once(video, 'loadeddata', timeout);
    video.src = url;
    await loaded;
    // A moment in, past a black first frame, but never beyond a very short clip.
    const seeked = once(video, 'seeked', timeout);
    video.currentTime = Math.min(1, (video.duration || 0) / 2);
    await seeked;
    const scale = Math.min(1, POSTER_MAX_PX / Math.max(video.videoWidth, video.videoHeight, 1));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    const context = canvas.getContext('2d');
    if (!context || canvas.width === 0 || canvas.height === 0) return undefined;
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob | undefined>((resolve) => canvas.toBlob((blob) => resolve(blob ?? undefined), 'image/jpeg', 0.85));
  } catch {
    return undefined;
  } finally {
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  }
}
