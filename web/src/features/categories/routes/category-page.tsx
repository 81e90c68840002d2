import { Box, Button, Container, Heading, HStack, Link, Stack, Text, Wrap, WrapItem } from '@chakra-ui/react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { CATEGORIES_MESSAGES, PRODUCT_NAME } from '@solutionz/shared';
import { LoadFailed } from '@/components/errors/load-failed';
import { NotFoundPage } from '@/components/errors/not-found-page';
import { PageLoading } from '@/components/layout/page-loading';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { paths } from '@/config/paths';
import { directoryPath, noDirectoryFilters } from '@/lib/directory-url';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCategories } from '@/entities/categories/api/categories';
import { CategoryProviders } from '../components/category-providers';
import { findCategory, professionalCount, type FoundCategory } from '../components/category-search';

function CategoryContent({ found }: { found: FoundCategory }) {
  const { group } = found;
  const name = found.kind === 'group' ? group.name : found.category.name;
  const slug = found.kind === 'group' ? group.slug : found.category.slug;
  const providerCount = found.kind === 'group' ? group.providerCount : found.category.providerCount;
  useDocumentTitle(`${name} | ${PRODUCT_NAME}`);

  return (
    <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
      <Stack gap="8">
        <Stack gap="3">
          <Breadcrumbs
            trail={[
              { label: CATEGORIES_MESSAGES.title, to: paths.categories },
              ...(found.kind === 'category' ? [{ label: group.name, to: paths.category(group.slug) }] : []),
            ]}
            current={name}
          />
          <Heading as="h1" size="3xl">
            {name}
          </Heading>
          <Text color="fg.muted">{professionalCount(providerCount)} listed</Text>
        </Stack>

        {found.kind === 'group' && group.categories.length > 0 && (
          <Stack as="section" gap="3" aria-labelledby="subcategories-heading">
            <Heading as="h2" id="subcategories-heading" size="lg">
              Subcategories
            </Heading>
            <Wrap as="ul" gap="2" listStyleType="none">
              {group.categories.map((category) => (
                <WrapItem as="li" key={category.slug}>
                  <Button asChild size="sm" variant="outline" borderRadius="full">
                    <RouterLink to={paths.category(category.slug)}>
                      {category.name} ({category.providerCount})
                    </RouterLink>
                  </Button>
                </WrapItem>
              ))}
            </Wrap>
          </Stack>
        )}

        <Stack as="section" gap="4" aria-labelledby="providers-heading">
          <HStack justify="space-between" flexWrap="wrap" gap="2">
            <Heading as="h2" id="providers-heading" size="lg">
              Professionals
            </Heading>
            <Link asChild color="brand.fg" fontSize="sm">
              <RouterLink to={directoryPath({ ...noDirectoryFilters, category: slug })}>Search near you in the directory</RouterLink>
            </Link>
          </HStack>
          <CategoryProviders key={slug} slug={slug} name={name} />
        </Stack>
      </Stack>
    </Container>
  );
}

/** /categories/{slug} (docs/product/categories.md#pages): a group or a subcategory, its subcategories and its listed professionals. */
export function CategoryPage() {
  const { slug = '' } = useParams();
  const categories = useCategories();

  if (categories.isPending) return <PageLoading />;
  if (categories.isError) {
    return (
      <Box maxW="7xl" mx="auto" px={{ base: '4', md: '6' }} py="10">
        <LoadFailed message={CATEGORIES_MESSAGES.loadFailed} onRetry={() => void categories.refetch()} retrying={categories.isRefetching} />
      </Box>
    );
  }
  const found = findCategory(categories.data.groups, slug);
  if (!found) return <NotFoundPage />;
  return <CategoryContent key={slug} found={found} />;
}
