import { Box, Flex, List, Text } from '@chakra-ui/react';
import { POPULAR_CATEGORY_MIN_BAR_PERCENT, type AdminAnalytics } from '@solutionz/shared';
import { EmptyState } from './load-states';

/** A bar's width: the count against the most popular category's, never under the minimum (a category with few providers still shows a bar). */
function barPercent(count: number, most: number): number {
  return Math.max(POPULAR_CATEGORY_MIN_BAR_PERCENT, Math.round((count / most) * 100));
}

const providersText = (count: number) => `${count.toLocaleString('en-GB')} ${count === 1 ? 'provider' : 'providers'}`;

/** Most Popular Categories (docs/product/admin.md#analytics): the names and counts are the content; the bars only draw them. */
export function PopularCategories({ categories }: { categories: AdminAnalytics['popularCategories'] }) {
  if (categories.length === 0) return <EmptyState>No category has a listed provider yet.</EmptyState>;
  const most = categories[0]!.providerCount;
  return (
    <List.Root as="ol" variant="plain" gap="3">
      {categories.map((category) => (
        <List.Item key={category.categoryId} display="block">
          <Flex justify="space-between" gap="3" align="baseline">
            <Text overflowWrap="anywhere">
              <Text as="span" fontWeight="semibold">
                {category.name}
              </Text>{' '}
              <Text as="span" fontSize="sm" color="fg.muted">
                ({category.groupName})
              </Text>
            </Text>
            <Text fontSize="sm" whiteSpace="nowrap">
              {providersText(category.providerCount)}
            </Text>
          </Flex>
          <Box aria-hidden="true" mt="1" h="2" borderRadius="full" bg="bg.muted">
            <Box data-bar="" h="full" borderRadius="full" bg="brand.solid" style={{ width: `${barPercent(category.providerCount, most)}%` }} />
          </Box>
        </List.Item>
      ))}
    </List.Root>
  );
}
