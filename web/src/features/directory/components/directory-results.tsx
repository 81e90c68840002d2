import { Alert, Box, Button, Heading, HStack, SimpleGrid, Skeleton, SkeletonCircle, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { DIRECTORY_MESSAGES, type ProviderCard as ProviderCardData } from '@solutionz/shared';
import { LoadFailed } from '@/components/errors/load-failed';
import { paths } from '@/config/paths';
import { ProviderCard } from '@/entities/providers/components/provider-card';

const SKELETON_CARDS = 6;

function ResultsGrid({ children, busy }: { children: ReactNode; busy?: boolean }) {
  return (
    <SimpleGrid as="ul" columns={{ base: 1, md: 2, xl: 3 }} gap="5" listStyleType="none" aria-busy={busy || undefined}>
      {children}
    </SimpleGrid>
  );
}

export function ResultsSkeleton() {
  return (
    <Stack gap="4">
      <Text role="status" color="fg.muted">
        Loading professionals...
      </Text>
      <ResultsGrid busy>
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          <Box as="li" key={index} aria-hidden="true" p="5" borderWidth="1px" borderRadius="lg">
            <HStack gap="4" mb="4">
              <SkeletonCircle size="12" />
              <Stack gap="2" flex="1">
                <Skeleton height="5" width="70%" />
                <Skeleton height="4" width="45%" />
              </Stack>
            </HStack>
            <Stack gap="2">
              <Skeleton height="4" width="55%" />
              <Skeleton height="4" />
              <Skeleton height="4" width="85%" />
            </Stack>
          </Box>
        ))}
      </ResultsGrid>
    </Stack>
  );
}

function NoProfessionals() {
  return (
    <Stack gap="3" align="center" textAlign="center" py="12" px="4" borderWidth="1px" borderStyle="dashed" borderRadius="lg">
      <Heading as="h3" size="md">
        No professionals found
      </Heading>
      <Text color="fg.muted" maxW="md">
        Try another service, category or place, or a wider radius.
      </Text>
      <Button asChild size="sm" mt="1">
        <RouterLink to={paths.directory}>{DIRECTORY_MESSAGES.clearFilters}</RouterLink>
      </Button>
    </Stack>
  );
}

function countText(count: number, more: boolean, area: string | undefined): string {
  const noun = count === 1 ? 'professional' : 'professionals';
  const shown = more ? `Showing the first ${count} ${noun}` : `Showing ${count} ${noun}`;
  return area ? `${shown} ${area}` : shown;
}

export interface ProviderListProps {
  providers: readonly ProviderCardData[];
  fallback: boolean;
  /** Where the search looked, e.g. "within 25 miles of LS1 4". */
  area?: string;
  hasMore: boolean;
  loadingMore: boolean;
  loadMoreFailed: boolean;
  onLoadMore: () => void;
}

/** The cards of a search, the fallback warning above them and "Load more" below while the cursor says there are more. */
export function ProviderList({ providers, fallback, area, hasMore, loadingMore, loadMoreFailed, onLoadMore }: ProviderListProps) {
  if (providers.length === 0) return <NoProfessionals />;
  return (
    <Stack gap="5">
      {fallback && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{DIRECTORY_MESSAGES.fallback}</Alert.Title>
        </Alert.Root>
      )}
      <Text role="status" color="fg.muted">
        {countText(providers.length, hasMore, fallback ? undefined : area)}
      </Text>
      <ResultsGrid>
        {providers.map((provider) => (
          <Box as="li" key={provider.id}>
            <ProviderCard provider={provider} />
          </Box>
        ))}
      </ResultsGrid>
      {loadMoreFailed ? (
        <LoadFailed message={DIRECTORY_MESSAGES.loadFailed} onRetry={onLoadMore} retrying={loadingMore} />
      ) : (
        hasMore && (
          <Button alignSelf="center" variant="outline" onClick={onLoadMore} loading={loadingMore} loadingText="Loading more...">
            Load more
          </Button>
        )
      )}
    </Stack>
  );
}
