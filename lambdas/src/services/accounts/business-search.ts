import { BUSINESS_SEARCH, type BusinessSearchResponse } from '@solutionz/shared';
import type { AccountsDeps } from './deps';

/** The sign-up business-name search: from BUSINESS_SEARCH.minChars characters, at most maxResults. */
export async function searchBusinesses(deps: Pick<AccountsDeps, 'businesses'>, text: string): Promise<BusinessSearchResponse> {
  if (text.trim().length < BUSINESS_SEARCH.minChars) return { businesses: [] };
  const found = await deps.businesses.searchBusinesses(text, BUSINESS_SEARCH.maxResults);
  return {
    businesses: found.map((business) => ({ id: business.businessId, businessName: business.businessName })),
  };
}
