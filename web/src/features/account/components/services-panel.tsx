import { Button, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { MeResponse } from '@solutionz/shared';
import { CategoryChips } from '@/components/ui/category-chips';
import { SkillChips } from '@/components/ui/skill-chips';
import { paths } from '@/config/paths';
import { ServicesNeedMembership } from './locked-services';
import { ProviderWorkEmptyState } from './provider-work-empty-state';
import { ProfileSection } from './profile-section';

/**
 * The Services tab of a provider's own profile (docs/product/account-settings.md#own-profile-page): the categories they are listed under
 * and their skills, as clients see them on the public page, with the way to change them (a membership, for a provider
 * without one); the empty state (settings, or /membership without one) when there is neither.
 */
export function ServicesPanel({ profile }: { profile: MeResponse }) {
  const { categories, skills } = profile;
  if (categories.length === 0 && skills.length === 0) {
    return (
      <ProviderWorkEmptyState
        title="No services yet"
        description="The services you offer will be listed here and on your public profile for clients to find."
        actionLabel="Add Services"
        subscribed={profile.subscription.isSubscribed}
      />
    );
  }
  return (
    <Stack gap="6" align="start">
      <ProfileSection title="Services">
        {categories.length > 0 ? <CategoryChips value={categories} label="Services" /> : <Text color="fg.muted">No categories chosen yet.</Text>}
      </ProfileSection>
      <ProfileSection title="Skills">{skills.length > 0 ? <SkillChips skills={skills} /> : <Text color="fg.muted">No skills added yet.</Text>}</ProfileSection>
      {profile.subscription.isSubscribed ? (
        <Button asChild size="sm" variant="outline">
          <RouterLink to={paths.account}>Edit Services</RouterLink>
        </Button>
      ) : (
        <ServicesNeedMembership />
      )}
    </Stack>
  );
}
