import { Tabs } from '@chakra-ui/react';
import { paths } from '@/config/paths';
import { EmptyState } from './empty-state';

function SavedProfessionals() {
  return (
    <EmptyState
      headingLevel="h4"
      title="No saved professionals yet"
      description="Professionals you save while browsing the directory will be listed here, so you can find them again."
      action={{ label: 'Find Professionals', to: paths.directory }}
    />
  );
}

function SavedJobs() {
  return (
    <EmptyState
      headingLevel="h4"
      title="No saved jobs yet"
      description="Jobs you save from the job directory will be listed here, so you can come back to them."
      action={{ label: 'Browse Jobs', to: paths.jobDirectory }}
    />
  );
}

/**
 * Saved items (spec 01 sections 2.10 and 2.11): inner tabs Saved Professionals and Saved Jobs for
 * providers; clients save professionals only. The saving itself comes with the directory and jobs.
 */
export function SavedItems({ withJobs }: { withJobs: boolean }) {
  if (!withJobs) return <SavedProfessionals />;
  return (
    <Tabs.Root defaultValue="professionals" variant="subtle" lazyMount unmountOnExit>
      <Tabs.List aria-label="Saved items">
        <Tabs.Trigger value="professionals">Saved Professionals</Tabs.Trigger>
        <Tabs.Trigger value="jobs">Saved Jobs</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="professionals">
        <SavedProfessionals />
      </Tabs.Content>
      <Tabs.Content value="jobs">
        <SavedJobs />
      </Tabs.Content>
    </Tabs.Root>
  );
}
