import { Box, Container, Heading, Input, InputGroup, SimpleGrid, Skeleton, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useDeferredValue, useState } from 'react';
import { SearchIcon } from 'lucide-react';
import { CATEGORIES_MESSAGES, PRODUCT_NAME } from '@solutionz/shared';
import { LoadFailed } from '@/components/errors/load-failed';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCategories } from '@/entities/categories/api/categories';
import { CategoryGroupCard } from '../components/category-group-card';
import { searchCategoryGroups } from '../components/category-search';

function GroupsSkeleton() {
  return (
    <Stack gap="3">
      <Text role="status" color="fg.muted">
        Loading categories...
      </Text>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="5" aria-hidden="true">
        {Array.from({ length: 6 }, (_, index) => (
          <Stack key={index} gap="3" p="5" borderWidth="1px" borderRadius="lg">
            <Skeleton height="5" width="70%" />
            <Skeleton height="4" width="45%" />
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** /categories (docs/product/categories.md#pages): every group of the taxonomy as a card, filtered as the person types. */
export function CategoriesPage() {
  useDocumentTitle(`${CATEGORIES_MESSAGES.title} | ${PRODUCT_NAME}`);
  const [text, setText] = useState('');
  const query = useDeferredValue(text);
  const categories = useCategories();
  const matches = categories.data ? searchCategoryGroups(categories.data.groups, query) : [];

  return (
    <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
      <Stack gap="6">
        <Stack gap="2">
          <Heading as="h1" size="3xl">
            {CATEGORIES_MESSAGES.title}
          </Heading>
          <Text color="fg.muted">Every service on Solutionz, grouped by trade. Choose one to see the professionals who offer it.</Text>
        </Stack>

        <Box role="search" maxW="md">
          <InputGroup startElement={<SearchIcon aria-hidden="true" />}>
            <Input
              type="search"
              aria-label="Search categories"
              placeholder={CATEGORIES_MESSAGES.searchPlaceholder}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
            />
          </InputGroup>
        </Box>
        {categories.data && (
          <VisuallyHidden aria-live="polite">
            {matches.length === 0 ? CATEGORIES_MESSAGES.noneFound : `${matches.length} ${matches.length === 1 ? 'category group' : 'category groups'} shown`}
          </VisuallyHidden>
        )}

        {categories.isPending ? (
          <GroupsSkeleton />
        ) : categories.isError ? (
          <LoadFailed message={CATEGORIES_MESSAGES.loadFailed} onRetry={() => void categories.refetch()} retrying={categories.isRefetching} />
        ) : matches.length === 0 ? (
          <Stack gap="2" align="center" textAlign="center" py="12" px="4" borderWidth="1px" borderStyle="dashed" borderRadius="lg">
            <Heading as="h2" size="md">
              {CATEGORIES_MESSAGES.noneFound}
            </Heading>
            <Text color="fg.muted">{CATEGORIES_MESSAGES.adjustSearch}</Text>
          </Stack>
        ) : (
          <SimpleGrid as="ul" columns={{ base: 1, sm: 2, lg: 3 }} gap="5" listStyleType="none">
            {matches.map((match) => (
              <CategoryGroupCard key={match.group.slug} match={match} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  );
}
