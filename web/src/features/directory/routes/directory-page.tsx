import { Box, Container, Heading, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { memo, useEffect, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { DIRECTORY_MESSAGES, directorySearchTitle, providerSearchOf, readDirectoryFilters, type Coordinates, type DirectoryFilters } from '@solutionz/shared';
import { LoadFailed } from '@/components/errors/load-failed';
import { FoldingFilters } from '@/components/ui/folding-filters';
import { ApiError } from '@/lib/api-client';
import { directoryPath, nearMePosition, nearMeState } from '@/lib/directory-url';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useGeolocation } from '@/lib/use-geolocation';
import { useProviderSearch } from '../api/providers';
import { DirectoryFiltersBar, type NearMeStatus } from '../components/directory-filters';
import { ProviderList, ResultsSkeleton } from '../components/directory-results';

/** The API's message for a location it could not place (a 400 naming `query.location`). */
function placeErrorOf(error: unknown): ApiError | undefined {
  return error instanceof ApiError && error.status === 400 && error.fields['query.location'] ? error : undefined;
}

/** The location's problem, then the way out (docs/product/directory.md#searching), as two sentences. */
function withManualHint(problem: string): string {
  return `${/[.!?]$/.test(problem) ? problem : `${problem}.`} ${DIRECTORY_MESSAGES.manualLocation}`;
}

/** How many of the directory's filters are set (near me and a place are one; the radius belongs to them). */
const filtersSet = (filters: DirectoryFilters) =>
  [filters.service, filters.category, filters.location || filters.nearMe, filters.quickReplies].filter(Boolean).length;

function samePosition(a: Coordinates | undefined, b: Coordinates | undefined): boolean {
  return a?.latitude === b?.latitude && a?.longitude === b?.longitude;
}

/**
 * The professionals directory (docs/product/directory.md). The address holds the search
 * (lib/directory-url.ts), so every search is a history entry: Back restores it and a link shares it.
 * A near-me position travels in the entry's state; an entry without one asks the device. The list is for everyone, a
 * signed-in provider too: only a provider's page asked for without an id leads to their own (provider-profile-page.tsx).
 * Memoised: nothing above it re-renders it as the session is read.
 */
export const DirectoryPage = memo(function DirectoryPage() {
  const [params] = useSearchParams();
  const { state, search: addressQuery } = useLocation();
  const navigate = useNavigate();
  const filters = useMemo(() => readDirectoryFilters(params), [params]);
  useDocumentTitle(directorySearchTitle(filters));
  const position = filters.nearMe ? nearMePosition(state) : undefined;
  const geolocation = useGeolocation();
  const { request: requestPosition, reset: resetGeolocation } = geolocation;
  const geolocationError = geolocation.state.status === 'error' ? geolocation.state.message : undefined;
  const needsPosition = filters.nearMe && !position;

  useEffect(() => {
    if (!needsPosition) return;
    requestPosition((coords) => void navigate({ search: addressQuery }, { replace: true, state: nearMeState(coords) }));
  }, [needsPosition, addressQuery, requestPosition, navigate]);

  // Near me that the device refused is searched without a place, under the refusal's message.
  const waitingForPosition = needsPosition && !geolocationError;
  const search = waitingForPosition ? null : providerSearchOf(filters, position);
  const results = useProviderSearch(search);
  const placeError = placeErrorOf(results.error);
  const locationProblem = placeError?.fields['query.location'] ?? geolocationError;

  const apply = (next: DirectoryFilters, at = position) => {
    resetGeolocation();
    const path = directoryPath(next);
    const samePath = path === directoryPath(filters);
    const where = next.nearMe ? at : undefined;
    if (samePath && samePosition(where, position)) {
      // The same search again: asked anew (after a failure, say), unless it still waits for the device.
      if (search) void results.refetch();
      return;
    }
    // A position found for the address on screen replaces its entry rather than adding a second one.
    void navigate(path, { state: where ? nearMeState(where) : undefined, replace: samePath });
  };

  const nearMe: NearMeStatus = position ? 'on' : waitingForPosition ? 'locating' : 'off';
  const pages = results.data?.pages ?? [];
  const searchedFrom = pages[0]?.place?.name ?? (position ? 'your location' : undefined);

  return (
    <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
      <Stack gap="6">
        <Stack gap="2">
          <Heading as="h1" size="3xl">
            {DIRECTORY_MESSAGES.title}
          </Heading>
          <Text color="fg.muted">Find trusted local professionals by service, category and place.</Text>
        </Stack>

        <FoldingFilters count={filtersSet(filters)} open={Boolean(locationProblem)}>
          <DirectoryFiltersBar
            filters={filters}
            nearMe={nearMe}
            locating={geolocation.state.status === 'loading'}
            locationError={locationProblem && withManualHint(locationProblem)}
            suggestions={placeError?.suggestions ?? []}
            onApply={(next) => apply(next)}
            onNearMe={(next) => requestPosition((coords) => apply(next, coords))}
          />
        </FoldingFilters>

        <Box as="section" aria-labelledby="directory-results">
          <VisuallyHidden>
            <h2 id="directory-results">Results</h2>
          </VisuallyHidden>
          {results.isPending ? (
            <ResultsSkeleton />
          ) : results.isError && !results.isFetchNextPageError ? (
            placeError ? null : (
              <LoadFailed message={DIRECTORY_MESSAGES.loadFailed} onRetry={() => void results.refetch()} retrying={results.isRefetching} />
            )
          ) : (
            <ProviderList
              providers={pages.flatMap((page) => page.providers)}
              fallback={pages[0]?.fallback === true}
              area={searchedFrom && `within ${filters.radius} miles of ${searchedFrom}`}
              hasMore={results.hasNextPage}
              loadingMore={results.isFetchingNextPage}
              loadMoreFailed={results.isFetchNextPageError}
              onLoadMore={() => void results.fetchNextPage()}
            />
          )}
        </Box>
      </Stack>
    </Container>
  );
});
