import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { DATE_FORMATS, type ProviderProfile } from '@solutionz/shared';
import { CategoryChips } from '@/components/ui/category-chips';
import { SkillChips } from '@/components/ui/skill-chips';
import { formatUkDate } from '@/lib/uk-date';
import { ProviderCredentials } from './provider-credentials';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack as="section" gap="2">
      <Heading as="h2" size="md">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

const Empty = ({ children }: { children: ReactNode }) => <Text color="fg.muted">{children}</Text>;

/** The About tab (docs/product/provider-profile.md#what-the-page-shows): what the provider wrote about their work, their services and skills. */
export function ProviderAbout({ page }: { page: ProviderProfile }) {
  return (
    <Stack gap="6">
      <Section title="About">{page.bio ? <Text whiteSpace="pre-line">{page.bio}</Text> : <Empty>No description yet.</Empty>}</Section>
      <Section title="Services">
        {page.categories.length > 0 ? <CategoryChips value={page.categories} label="Services" /> : <Empty>No services listed yet.</Empty>}
      </Section>
      <Section title="Skills">{page.skills.length > 0 ? <SkillChips skills={page.skills} /> : <Empty>No skills listed yet.</Empty>}</Section>
      <ProviderCredentials providerId={page.id} />
      <Text fontSize="sm" color="fg.muted">
        Member since {formatUkDate(page.memberSince, DATE_FORMATS.short)}
      </Text>
    </Stack>
  );
}
