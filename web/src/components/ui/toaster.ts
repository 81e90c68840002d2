import { createToaster } from '@chakra-ui/react';
import { TOAST } from '@solutionz/shared';
import { requestToastRegion } from '@/lib/toast-region-gate';

/**
 * The one toast queue of the app: at most five visible at once (spec 01 section 4.12). The queue is
 * tiny; the component that renders it (toaster-region.tsx) loads when the first toast is raised.
 */
export const toaster = createToaster({
  placement: 'bottom-end',
  max: TOAST.maxVisible,
  duration: TOAST.defaultDurationMs,
  pauseOnPageIdle: true,
});

// The first change to the queue (a toast raised) mounts the region, which then shows what is queued.
const stopAsking = toaster.subscribe(() => {
  stopAsking();
  requestToastRegion();
});
