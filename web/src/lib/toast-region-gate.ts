import { firstRequest } from './first-request';

/**
 * The toast region (its Chakra and zag code, about 18 KB gzip) loads when the first toast is raised, not on
 * every visit: toaster.ts asks here with the first toast, and the provider mounts the region then.
 * The region reads the queue as it mounts, so the toast that asked for it shows.
 */
const region = firstRequest();

export const requestToastRegion = region.request;

/** Runs `listener` once a toast first asks for the region (at once if one already did); returns the unsubscribe. */
export const whenToastRegionRequested = region.whenRequested;
