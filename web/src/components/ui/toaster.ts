import type { CreateToasterReturn } from '@chakra-ui/react';
import { loadOnce } from '@/lib/load-once';
import { requestToastRegion } from '@/lib/toast-region-gate';

type ToastStore = CreateToasterReturn;
type ToastOptions = Parameters<ToastStore['create']>[0];

/** The toast queue (toast-store.ts), loaded on first call. */
const toastStore = loadOnce<ToastStore>(() => import('./toast-store').then(({ toastStore: store }) => store));

/** How long a toast the queue could not take stays on the page. */
const PLAIN_TOAST_MS = 8_000;

/**
 * A toast whose queue could not load (the connection dropped, or a new release replaced the file): its words in a plain
 * box at the foot of the page for a few seconds, read out as the toast would be (an error at once), so nothing said is lost.
 */
function plainToast(options: ToastOptions, type: string | undefined): void {
  const words = [options.title, options.description].filter((part): part is string => typeof part === 'string' && part !== '');
  if (words.length === 0) return;
  const box = document.createElement('div');
  box.setAttribute('role', type === 'error' ? 'alert' : 'status');
  box.dataset.plainToast = '';
  box.style.cssText =
    'position:fixed;left:50%;bottom:16px;transform:translateX(-50%);z-index:1500;max-width:calc(100vw - 32px);width:max-content;' +
    'padding:12px 16px;border-radius:6px;background:#18181b;color:#fff;font:14px/1.4 system-ui,sans-serif;box-shadow:0 4px 12px rgba(0,0,0,.3)';
  for (const [at, text] of words.entries()) {
    const line = document.createElement('div');
    if (at === 0) line.style.fontWeight = '600';
    line.textContent = text;
    box.append(line);
  }
  document.querySelector('[data-plain-toast]')?.remove();
  document.body.append(box);
  setTimeout(() => box.remove(), PLAIN_TOAST_MS);
}

/** Raises a toast: at once once the queue is in, else as it arrives (or plainly, when it cannot). The first toast also asks for the region that shows them. */
function raise(options: ToastOptions, type?: 'success' | 'error' | 'info'): void {
  requestToastRegion();
  const toast = (store: ToastStore) => (type ? store[type](options) : store.create(options));
  const store = toastStore.loaded();
  if (store) toast(store);
  else void toastStore.load().then(toast, () => plainToast(options, type ?? options.type));
}

/**
 * How screens raise toasts. The queue (Chakra's toaster and zag's toast store, about 2 KB gzip) and the region that
 * shows it load with the first toast, side by side, not with every page: most visits raise none (docs/web.md#loading).
 */
export const toaster = {
  create: (options: ToastOptions) => raise(options),
  success: (options: ToastOptions) => raise(options, 'success'),
  error: (options: ToastOptions) => raise(options, 'error'),
  info: (options: ToastOptions) => raise(options, 'info'),
  /** Takes every toast (or the one with this id) off the queue at once. */
  remove: (id?: string) => void toastStore.loaded()?.remove(id),
};
