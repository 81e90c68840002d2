import { createToaster } from '@chakra-ui/react';
import { TOAST } from '@solutionz/shared';

/**
 * The one toast queue of the app: at most five visible at once (spec 01 section 4.12). The queue is
 * tiny; the component that renders it (toaster-region.tsx) is loaded lazily to keep the entry small.
 */
export const toaster = createToaster({
  placement: 'bottom-end',
  max: TOAST.maxVisible,
  duration: TOAST.defaultDurationMs,
  pauseOnPageIdle: true,
});
