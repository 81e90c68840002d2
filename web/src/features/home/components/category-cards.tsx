import { Box, Button, Container, Heading, Icon, LinkBox, LinkOverlay, SimpleGrid, Text } from '@chakra-ui/react';
import { BriefcaseIcon, CarIcon, HammerIcon, LaptopIcon, PaintbrushIcon, ZapIcon, type LucideIcon } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { directoryPath, noDirectoryFilters } from '@/lib/directory-url';

/**
 * The six category cards of the home page (docs/product/site.md#home-page), each to the directory filtered to the
 * taxonomy's category (a group, or a subcategory where the card names one trade) it stands for.
 */
const featuredCategories: readonly { name: string; description: string; category: string; icon: LucideIcon }[] = [
  { name: 'Carpentry & Construction', description: 'Builders, carpenters, roofers and plasterers.', category: 'construction-trade', icon: HammerIcon },
  { name: 'Auto Repairs & Maintenance', description: 'Mechanics, MOTs, servicing and body repairs.', category: 'cars-vehicles', icon: CarIcon },
  { name: 'Electrical Services', description: 'Qualified electricians for homes and businesses.', category: 'electrician', icon: ZapIcon },
  {
    name: 'Painting & Decorating',
    description: 'Painters, decorators and wallpapering.',
    category: 'painting-decorating-and-interior-design',
    icon: PaintbrushIcon,
  },
  { name: 'Consulting Services', description: 'Business, legal and financial advice.', category: 'legal-and-financial-services', icon: BriefcaseIcon },
  { name: 'IT & Digital Solutions', description: 'Web development, IT support and repairs.', category: 'it', icon: LaptopIcon },
];

export function CategoryCards() {
  return (
    <Box as="section" aria-labelledby="categories-heading" py={{ base: '12', md: '16' }} bg="bg.muted">
      <Container maxW="7xl" px={{ base: '4', md: '6' }}>
        <Heading id="categories-heading" as="h2" size="3xl" textAlign="center" mb="3">
          Popular services
        </Heading>
        <Text textAlign="center" color="fg.muted" mb="10">
          Explore professionals in the most requested categories.
        </Text>
        <SimpleGrid as="ul" listStyle="none" columns={{ base: 1, sm: 2, lg: 3 }} gap="5">
          {featuredCategories.map(({ name, description, category, icon: CategoryIcon }) => (
            <LinkBox
              as="li"
              key={name}
              p="6"
              bg="bg"
              borderWidth="1px"
              borderRadius="xl"
              transition="box-shadow 0.2s"
              _hover={{ boxShadow: 'md' }}
              _focusWithin={{ outline: '2px solid', outlineColor: 'brand.focusRing' }}
            >
              <Icon aria-hidden="true" boxSize="8" color="brand.solid" mb="4">
                <CategoryIcon />
              </Icon>
              <Heading as="h3" size="md" mb="1">
                <LinkOverlay asChild _focusVisible={{ outline: 'none' }}>
                  <RouterLink to={directoryPath({ ...noDirectoryFilters, category })}>{name}</RouterLink>
                </LinkOverlay>
              </Heading>
              <Text color="fg.muted">{description}</Text>
            </LinkBox>
          ))}
        </SimpleGrid>
        <Box textAlign="center" mt="10">
          <Button asChild size="lg">
            <RouterLink to={paths.directory}>View Directory</RouterLink>
          </Button>
        </Box>
      </Container>
    </Box>
  );
}
