import { Box, Flex, Heading, HStack, LinkBox, LinkOverlay, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { memo, useId } from 'react';
import { MapPinIcon, ShieldCheckIcon } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { CATEGORY_CHIPS_SHOWN, type ProviderCard as ProviderCardData } from '@solutionz/shared';
import { categoryChipText } from '@/components/ui/category-chips';
import { StarRating } from '@/components/ui/star-rating';
import { UserAvatar } from '@/components/ui/user-avatar';
import { paths } from '@/config/paths';
import { linkCardStyles } from '@/components/ui/link-card';
import { useSession } from '@/lib/auth/session';
import { ResponseTimeLine } from './response-time';
import { SaveProviderButton } from './save-provider-button';

/** Compact marks of credentials an admin checked that hold today (docs/product/credentials.md#in-the-directory). */
function CheckedMarks({ checked }: { checked: ProviderCardData['checked'] }) {
  const marks = [...(checked?.insurance ? ['Insured'] : []), ...(checked?.registration ? ['Registered'] : [])];
  if (marks.length === 0) return null;
  return (
    <HStack gap="2" fontSize="sm" color="green.800" flexWrap="wrap">
      {marks.map((mark) => (
        <HStack key={mark} gap="1">
          <ShieldCheckIcon aria-hidden="true" size="16" />
          <Text>{mark} (checked)</Text>
        </HStack>
      ))}
    </HStack>
  );
}

export interface ProviderCardProps {
  provider: ProviderCardData;
  /** The level of the card's heading under the page's own headings. */
  headingLevel?: 'h2' | 'h3';
}

/** The name a card and its save button go by: the business, or the person when there is none. */
function providerTitle(provider: Pick<ProviderCardData, 'businessName' | 'name'>): string {
  return provider.businessName?.trim() || provider.name;
}

function distanceText(miles: number): string {
  return `${miles.toFixed(1)} miles away`;
}

function reviewsText(count: number): string {
  return `${count} ${count === 1 ? 'review' : 'reviews'}`;
}

function Categories({ categories }: { categories: readonly string[] }) {
  if (categories.length === 0) return null;
  const shown = categories.slice(0, CATEGORY_CHIPS_SHOWN);
  const more = categories.length - shown.length;
  return (
    <Flex as="ul" wrap="wrap" gap="2" listStyleType="none" aria-label="Services">
      {shown.map((category) => (
        <Box as="li" key={category} px="2.5" py="0.5" borderRadius="full" bg="brand.subtle" color="brand.fg" fontSize="sm">
          {categoryChipText(category)}
        </Box>
      ))}
      {more > 0 && (
        <Box as="li" px="2.5" py="0.5" borderRadius="full" bg="bg.muted" color="fg.muted" fontSize="sm">
          <span aria-hidden="true">+{more}</span>
          <VisuallyHidden> and {more} more</VisuallyHidden>
        </Box>
      )}
    </Flex>
  );
}

/** A signed-in visitor's save button: the one part of a card that changes with the session, so only it re-renders then. */
function SaveButtonWhenSignedIn({ providerId, providerName }: { providerId: string; providerName: string }) {
  const session = useSession();
  if (session.status !== 'signedIn') return null;
  return (
    <Box position="relative" zIndex="1" flexShrink="0">
      <SaveProviderButton providerId={providerId} providerName={providerName} />
    </Box>
  );
}

/**
 * One listed professional (docs/product/directory.md#cards): the whole card opens their profile; signed-in visitors
 * also get the save button, which sits above the card's link so it can be clicked and tabbed to. Memoised: a list
 * re-rendered for its own state (a search refetched, the session read) leaves the cards whose provider is the same.
 */
export const ProviderCard = memo(function ProviderCard({ provider, headingLevel = 'h3' }: ProviderCardProps) {
  const headingId = useId();
  const title = providerTitle(provider);
  const { average, count } = provider.rating;

  return (
    <LinkBox as="article" aria-labelledby={headingId} height="full" display="flex" flexDirection="column" gap="3" {...linkCardStyles}>
      <HStack align="flex-start" gap="4">
        <UserAvatar name={provider.name} src={provider.avatarUrl} size="lg" />
        <Stack gap="0.5" flex="1" minW="0">
          <Heading as={headingLevel} id={headingId} size="md" lineHeight="short">
            <LinkOverlay asChild _focusVisible={{ outline: 'none' }}>
              <RouterLink to={paths.provider(provider.id)}>{title}</RouterLink>
            </LinkOverlay>
          </Heading>
          {title !== provider.name && <Text color="fg.muted">{provider.name}</Text>}
        </Stack>
        <SaveButtonWhenSignedIn providerId={provider.id} providerName={title} />
      </HStack>

      <Categories categories={provider.categories} />

      {count > 0 && average !== null ? (
        <HStack gap="2">
          <StarRating value={average} size="sm" />
          <Text fontSize="sm" color="fg.muted">
            {average.toFixed(1)} ({reviewsText(count)})
          </Text>
        </HStack>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          No reviews yet
        </Text>
      )}

      <ResponseTimeLine responseTime={provider.responseTime} />

      <CheckedMarks checked={provider.checked} />

      {provider.bioPreview && <Text lineClamp="3">{provider.bioPreview}</Text>}

      {(provider.locationName || provider.distanceMiles !== null) && (
        <HStack gap="3" mt="auto" pt="1" fontSize="sm" color="fg.muted" flexWrap="wrap">
          {provider.locationName && (
            <HStack gap="1">
              <MapPinIcon aria-hidden="true" />
              <Text>{provider.locationName}</Text>
            </HStack>
          )}
          {provider.distanceMiles !== null && (
            <Text fontWeight="medium" color="fg">
              {distanceText(provider.distanceMiles)}
            </Text>
          )}
        </HStack>
      )}
    </LinkBox>
  );
});
