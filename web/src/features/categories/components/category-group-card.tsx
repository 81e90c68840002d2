import { Heading, HStack, LinkBox, LinkOverlay, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { linkCardStyles } from '@/components/ui/link-card';
import { paths } from '@/config/paths';
import { professionalCount, subcategoryCount, type GroupMatch } from './category-search';

/** One group on /categories: its name (the link to its page), how many subcategories and listed professionals it has. */
export function CategoryGroupCard({ match }: { match: GroupMatch }) {
  const { group, matchingCategories } = match;
  return (
    <LinkBox as="li" {...linkCardStyles}>
      <Stack gap="2">
        <Heading as="h2" size="md">
          <LinkOverlay asChild _focusVisible={{ outline: 'none' }}>
            <RouterLink to={paths.category(group.slug)}>{group.name}</RouterLink>
          </LinkOverlay>
        </Heading>
        <HStack gap="3" fontSize="sm" color="fg.muted" flexWrap="wrap">
          <Text>{subcategoryCount(group.categories.length)}</Text>
          <Text aria-hidden="true">·</Text>
          <Text>{professionalCount(group.providerCount)}</Text>
        </HStack>
        {matchingCategories.length > 0 && (
          <Text fontSize="sm">
            <Text as="span" color="fg.muted">
              Matches:{' '}
            </Text>
            {matchingCategories.map((category) => category.name).join(', ')}
          </Text>
        )}
      </Stack>
    </LinkBox>
  );
}
