/**
 * The professionals directory (docs/product/directory.md): the search, its cards, saved
 * professionals. Only listed providers appear: visible, active, with a membership that has not ended.
 * Its limits and wording, apart from its schemas (directory.ts), so that a page using these loads no zod.
 */

export const DIRECTORY_PAGE_SIZE = { default: 20, max: 50 } as const;
export const BIO_PREVIEW_LENGTH = 100;

export const DIRECTORY_MESSAGES = {
  title: 'Professionals',
  fallback: 'No professionals match your current filters. Showing all available professionals instead.',
  manualLocation: 'You can enter your location manually instead.',
  loadFailed: 'Failed to load providers',
  saved: 'Provider saved',
  removed: 'Provider removed',
  saveFailed: 'Action failed',
  savedLoadFailed: 'Failed to load saved providers',
  noLongerListed: 'No longer available in the directory',
  unknownProvider: 'This professional is not in the directory.',
  clearFilters: 'Clear Filters',
  latLngTogether: 'Send both lat and lng, or neither',
  placeAndCoordinates: 'Search by a place or by coordinates, not both',
  badCursor: 'This page link has expired. Please search again.',
} as const;
