import { Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { MapPinIcon } from 'lucide-react';
import { PROVIDER_PROFILE_MESSAGES, type ProviderProfile } from '@solutionz/shared';
import { SocialIconLinks } from '@/components/profile/social-links';
import { StarRating } from '@/components/ui/star-rating';
import { UserAvatar } from '@/components/ui/user-avatar';
import { ResponseTimeLine } from '@/entities/providers/components/response-time';

function fullName(page: Pick<ProviderProfile, 'firstName' | 'lastName'>): string {
  return `${page.firstName} ${page.lastName}`.trim();
}

/** The header's heading: the business, else the fallback (docs/product/provider-profile.md#what-the-page-shows). */
function businessHeading(page: Pick<ProviderProfile, 'businessName'>): string {
  return page.businessName?.trim() || PROVIDER_PROFILE_MESSAGES.businessNameFallback;
}

function ratingSummary({ average, count }: ProviderProfile['rating']): string {
  if (count === 0 || average === null) return 'No reviews yet';
  return `${average.toFixed(1)} (${count} ${count === 1 ? 'review' : 'reviews'})`;
}

/**
 * Avatar, business name, the person, their rating, place and social links (docs/product/provider-profile.md#what-the-page-shows). A
 * picture that does not load gives way to the initials, as one that is missing does.
 */
export function ProviderHeader({ page }: { page: ProviderProfile }) {
  const person = fullName(page);
  const { average, count } = page.rating;
  return (
    <Stack direction={{ base: 'column', sm: 'row' }} gap="5" align={{ base: 'start', sm: 'center' }}>
      <UserAvatar name={person || page.displayName} src={page.avatarUrl} size="2xl" />
      <Stack gap="1.5" flex="1" minW="0">
        <Heading as="h1" size="3xl" lineHeight="short">
          {businessHeading(page)}
        </Heading>
        {person && (
          <Text fontSize="lg" color="fg.muted">
            {person}
          </Text>
        )}
        <HStack gap="4" flexWrap="wrap" fontSize="sm" color="fg.muted">
          <HStack gap="2">
            {count > 0 && average !== null && <StarRating value={average} size="sm" label="Average rating" />}
            <Text>{ratingSummary(page.rating)}</Text>
          </HStack>
          {page.locationName && (
            <HStack gap="1">
              <MapPinIcon aria-hidden="true" />
              <Text>{page.locationName}</Text>
            </HStack>
          )}
        </HStack>
        <ResponseTimeLine responseTime={page.responseTime} withMethod />
        <SocialIconLinks links={page.socialLinks} owner={page.displayName} />
      </Stack>
    </Stack>
  );
}
