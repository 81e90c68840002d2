import { createToaster } from '@chakra-ui/react';
import { TOAST } from '@solutionz/shared';

/**
 * The one toast queue of the app: at most five visible at once (docs/product/site.md#toasts). Screens raise toasts through
 * `toaster` (toaster.ts), which loads this with the first toast; the region (toaster-region.tsx) renders it.
 */
export const toastStore = createToaster({
  placement: 'bottom-end',
  max: TOAST.maxVisible,
  duration: TOAST.defaultDurationMs,
  pauseOnPageIdle: true,
});
