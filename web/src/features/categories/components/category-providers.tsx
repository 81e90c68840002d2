import { Box, Button, HStack, SimpleGrid, Skeleton, SkeletonCircle, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { DIRECTORY_MESSAGES } from '@solutionz/shared';
import { LoadFailed } from '@/components/errors/load-failed';
import { ProviderCard } from '@/entities/providers/components/provider-card';
import { paths } from '@/config/paths';
import { useCategoryProviders } from '../api/categories';

const SKELETON_CARDS = 4;

function ProvidersSkeleton() {
  return (
    <Stack gap="3">
      <Text role="status" color="fg.muted">
        Loading professionals...
      </Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" aria-hidden="true">
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          <HStack key={index} gap="4" p="5" borderWidth="1px" borderRadius="lg">
            <SkeletonCircle size="12" />
            <Stack gap="2" flex="1">
              <Skeleton height="5" width="60%" />
              <Skeleton height="4" width="40%" />
            </Stack>
          </HStack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * The listed professionals of a group or subcategory: the directory filtered by it. When nobody matches,
 * the API answers everyone instead (the directory's fallback); that is no answer for a category page.
 */
export function CategoryProviders({ slug, name }: { slug: string; name: string }) {
  const results = useCategoryProviders(slug);

  if (results.isPending) return <ProvidersSkeleton />;
  if (results.isError) {
    return <LoadFailed message={DIRECTORY_MESSAGES.loadFailed} onRetry={() => void results.refetch()} retrying={results.isRefetching} />;
  }
  const pages = results.data.pages;
  const providers = pages[0]?.fallback ? [] : pages.flatMap((page) => page.providers);
  if (providers.length === 0) {
    return (
      <Stack gap="3" align="center" textAlign="center" py="10" px="4" borderWidth="1px" borderStyle="dashed" borderRadius="lg">
        <Text fontWeight="medium">No professionals are listed in {name} yet.</Text>
        <Button asChild size="sm" variant="outline">
          <RouterLink to={paths.directory}>Browse all professionals</RouterLink>
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="4">
      <SimpleGrid as="ul" columns={{ base: 1, md: 2 }} gap="4" listStyleType="none">
        {providers.map((provider) => (
          <Box as="li" key={provider.id}>
            <ProviderCard provider={provider} />
          </Box>
        ))}
      </SimpleGrid>
      {results.hasNextPage && (
        <Box textAlign="center">
          <Button variant="outline" onClick={() => void results.fetchNextPage()} loading={results.isFetchingNextPage}>
            Load more
          </Button>
        </Box>
      )}
    </Stack>
  );
}
