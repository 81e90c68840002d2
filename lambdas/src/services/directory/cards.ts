import { BIO_PREVIEW_LENGTH, ukDate, type ProviderCard } from '@solutionz/shared';
import type { ListingRecord } from '../../data/directory';
import { responseTimeOf } from '../messages/response-times';

/** The bio as a card shows it: at most BIO_PREVIEW_LENGTH characters, cut at a word with an ellipsis. */
function bioPreview(bio: string | undefined): string | null {
  const text = bio?.replace(/\s+/g, ' ').trim();
  if (!text) return null;
  if (text.length <= BIO_PREVIEW_LENGTH) return text;
  const cut = text.slice(0, BIO_PREVIEW_LENGTH - 1);
  const atWord = cut.lastIndexOf(' ') > BIO_PREVIEW_LENGTH / 2 ? cut.slice(0, cut.lastIndexOf(' ')) : cut;
  return `${atWord.trimEnd()}…`;
}

/** Whether checked insurance and a checked registration hold today: the listing keeps their last days, compared now. */
export function checkedMarks(listing: Pick<ListingRecord, 'insuredUntil' | 'registeredUntil'>, now: Date): { insurance: boolean; registration: boolean } {
  const today = ukDate(now);
  return { insurance: (listing.insuredUntil ?? '') >= today, registration: (listing.registeredUntil ?? '') >= today };
}

/** A listing as the directory shows it (docs/product/directory.md#cards): nothing private; the response time as it stands at `now`. */
export function toProviderCard(listing: ListingRecord, distanceMiles: number | null, now: Date): ProviderCard {
  return {
    id: listing.userId,
    businessName: listing.businessName ?? null,
    name: listing.name,
    avatarUrl: listing.avatarKey ? `/${listing.avatarKey}` : null,
    categories: [...listing.categories],
    rating: { average: listing.ratingAverage === undefined ? null : Math.round(listing.ratingAverage * 10) / 10, count: listing.ratingCount },
    bioPreview: bioPreview(listing.bio),
    locationName: listing.locationName ?? null,
    distanceMiles: distanceMiles === null ? null : Math.round(distanceMiles * 10) / 10,
    responseTime: responseTimeOf(listing.responseLog, now),
    checked: checkedMarks(listing, now),
  };
}
