import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { MapPinIcon, PencilIcon } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import type { MeResponse } from '@solutionz/shared';
import { UserAvatar } from '@/components/ui/user-avatar';
import { paths } from '@/config/paths';
import { RoleBadge } from './role-badge';

/** The place the profile shows: where the geocoder put it, or the text as typed before places were geocoded. */
const placeName = (profile: Pick<MeResponse, 'place' | 'location'>) => profile.place?.name ?? profile.location;

/** Avatar, name, role badge, location and Edit Profile (docs/product/account-settings.md#own-profile-page). */
export function ProfileHeader({ profile }: { profile: MeResponse }) {
  const place = placeName(profile);
  return (
    <Stack
      direction={{ base: 'column', sm: 'row' }}
      gap="5"
      align={{ base: 'start', sm: 'center' }}
      p={{ base: '5', md: '6' }}
      borderWidth="1px"
      borderRadius="xl"
      bg="bg.panel"
    >
      <UserAvatar name={profile.displayName} src={profile.avatarUrl} alt="Profile picture" size="2xl" />
      <Stack gap="1.5" flex="1" minW="0">
        <HStack gap="3" flexWrap="wrap">
          <Heading as="h2" size="xl">
            {profile.displayName}
          </Heading>
          <RoleBadge accountType={profile.accountType} />
        </HStack>
        {profile.accountType === 'provider' && profile.businessName && <Text fontWeight="medium">{profile.businessName}</Text>}
        {place && (
          <HStack gap="1.5" color="fg.muted">
            <MapPinIcon aria-hidden="true" />
            <Text>{place}</Text>
          </HStack>
        )}
      </Stack>
      <Button asChild variant="outline">
        <RouterLink to={paths.account}>
          <PencilIcon aria-hidden="true" />
          Edit Profile
        </RouterLink>
      </Button>
    </Stack>
  );
}
