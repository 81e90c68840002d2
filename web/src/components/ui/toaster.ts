import type { CreateToasterReturn } from '@chakra-ui/react';
import { loadOnce } from '@/lib/load-once';
import { requestToastRegion } from '@/lib/toast-region-gate';

type ToastStore = CreateToasterReturn;
type ToastOptions = Parameters<ToastStore['create']>[0];

/** The toast queue (toast-store.ts), loaded on first call. */
const toastStore = loadOnce<ToastStore>(() => import('./toast-store').then(({ toastStore: store }) => store));

/** Raises a toast: at once once the queue is in, else as it arrives. The first toast also asks for the region that shows them. */
function raise(toast: (store: ToastStore) => unknown): void {
  requestToastRegion();
  const store = toastStore.loaded();
  if (store) toast(store);
  else void toastStore.load().then(toast, () => undefined);
}

/**
 * How screens raise toasts. The queue (Chakra's toaster and zag's toast store, about 2 KB gzip) and the region that
 * shows it load with the first toast, side by side, not with every page: most visits raise none (issue 24).
 */
export const toaster = {
  create: (options: ToastOptions) => raise((queue) => queue.create(options)),
  success: (options: ToastOptions) => raise((queue) => queue.success(options)),
  error: (options: ToastOptions) => raise((queue) => queue.error(options)),
  info: (options: ToastOptions) => raise((queue) => queue.info(options)),
  /** Takes every toast (or the one with this id) off the queue at once. */
  remove: (id?: string) => void toastStore.loaded()?.remove(id),
};
