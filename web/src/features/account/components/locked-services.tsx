import { Button, Fieldset, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { PROFILE_MESSAGES } from '@solutionz/shared';
import { CategoryChips } from '@/components/ui/category-chips';
import { SkillChips } from '@/components/ui/skill-chips';
import { paths } from '@/config/paths';

/** Why a provider without a membership cannot change their services and skills, and where to get one. */
export function ServicesNeedMembership() {
  return (
    <Stack gap="2" align="start">
      <Text color="fg.muted">{PROFILE_MESSAGES.servicesNeedMembership}</Text>
      <Button asChild size="sm">
        <RouterLink to={paths.membership}>Get Membership</RouterLink>
      </Button>
    </Stack>
  );
}

/**
 * The services and skills of a provider without a membership on the profile tab: shown as they are, without the
 * controls that would change them (the API refuses the change), and the way to a membership.
 */
export function LockedServices({ categories, skills }: { categories: readonly string[]; skills: readonly string[] }) {
  return (
    <Fieldset.Root>
      <Fieldset.Legend>Services and skills</Fieldset.Legend>
      <Stack gap="3" mt="2" align="start">
        {categories.length > 0 ? <CategoryChips value={categories} label="Categories" /> : <Text color="fg.muted">No categories chosen yet.</Text>}
        {skills.length > 0 ? <SkillChips skills={skills} /> : <Text color="fg.muted">No skills added yet.</Text>}
        <ServicesNeedMembership />
      </Stack>
    </Fieldset.Root>
  );
}
