import { BUSINESS_SEARCH, type BusinessSearchResponse } from '@solutionz/shared';
import type { AccountsDeps } from './deps';

/** Matches asked of the index for each shown: hidden or deactivated providers' businesses are left out after. */
const CANDIDATES_PER_RESULT = 4;

/**
 * The sign-up business-name search: from BUSINESS_SEARCH.minChars characters, at most maxResults. It is public,
 * so it names only businesses whose provider anyone may see: one an admin hid or deactivated (or whose account
 * is gone) is left out, as the directory leaves them out.
 */
export async function searchBusinesses(deps: Pick<AccountsDeps, 'businesses' | 'accounts'>, text: string): Promise<BusinessSearchResponse> {
  if (text.trim().length < BUSINESS_SEARCH.minChars) return { businesses: [] };
  const found = await deps.businesses.searchBusinesses(text, BUSINESS_SEARCH.maxResults * CANDIDATES_PER_RESULT);
  const ownerIds = await deps.businesses.ownersOf(found.map((business) => business.businessId));
  const owners = await deps.accounts.getProfiles([...ownerIds.values()]);
  const ownerOf = (businessId: string) => {
    const ownerId = ownerIds.get(businessId);
    return ownerId ? owners.get(ownerId) : undefined;
  };
  const shown = found.filter((business) => {
    const owner = ownerOf(business.businessId);
    return !!owner && owner.isActive && owner.isVisible;
  });
  return {
    businesses: shown.slice(0, BUSINESS_SEARCH.maxResults).map((business) => ({
      id: business.businessId,
      businessName: business.businessName,
      // An admin-listed business nobody has claimed: sign-up offers its claim instead of a second listing.
      claimable: ownerOf(business.businessId)?.unclaimed === true,
    })),
  };
}
