import { chakra, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { MeResponse } from '@solutionz/shared';
import { CategoryChips } from '@/components/ui/category-chips';
import { SkillChips } from '@/components/ui/skill-chips';
import { filledSocialLinks, SocialLinkList } from './social-link-list';
import { ProfileSection } from './profile-section';

const Empty = ({ children }: { children: ReactNode }) => <Text color="fg.muted">{children}</Text>;

/** The About tab (docs/product/account-settings.md#own-profile-page): what the person wrote about themselves, and for providers their business. */
export function AboutPanel({ profile }: { profile: MeResponse }) {
  const isProvider = profile.accountType === 'provider';
  const hasLinks = filledSocialLinks(profile.socialLinks).length > 0;
  return (
    <Stack gap="6">
      <ProfileSection title="Bio">{profile.bio ? <Text whiteSpace="pre-line">{profile.bio}</Text> : <Empty>No bio yet.</Empty>}</ProfileSection>
      <ProfileSection title="Skills">{profile.skills.length > 0 ? <SkillChips skills={profile.skills} /> : <Empty>No skills added yet.</Empty>}</ProfileSection>
      {isProvider && (
        <ProfileSection title="Categories">
          {profile.categories.length > 0 ? <CategoryChips value={profile.categories} label="Categories" /> : <Empty>No categories chosen yet.</Empty>}
        </ProfileSection>
      )}
      {isProvider && (
        <ProfileSection title="Business details">
          <chakra.dl display="grid" gridTemplateColumns="max-content 1fr" columnGap="4" rowGap="1">
            <chakra.dt fontWeight="medium">Business name</chakra.dt>
            <chakra.dd>{profile.businessName ?? '—'}</chakra.dd>
            <chakra.dt fontWeight="medium">Phone</chakra.dt>
            <chakra.dd>{profile.phoneNumber ?? '—'}</chakra.dd>
          </chakra.dl>
        </ProfileSection>
      )}
      <ProfileSection title="Social links">{hasLinks ? <SocialLinkList links={profile.socialLinks} /> : <Empty>No social links yet.</Empty>}</ProfileSection>
    </Stack>
  );
}
