import { Box, Button, HStack, IconButton, Link, Skeleton, SkeletonCircle, Stack, Tabs, Text } from '@chakra-ui/react';
import { format } from 'date-fns';
import { TrashIcon } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { DATE_FORMATS, DIRECTORY_MESSAGES, type SavedProvidersResponse } from '@solutionz/shared';
import { SavedJobsList } from '@/entities/jobs/components/job-lists';
import { LoadFailed } from '@/components/errors/load-failed';
import { toastFailure } from '@/components/ui/failure-toast';
import { toaster } from '@/components/ui/toaster';
import { UserAvatar } from '@/components/ui/user-avatar';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session';
import { useSavedProvidersList, useToggleSavedProvider } from '@/entities/providers/api/saved-providers';
import { EmptyState } from './empty-state';

type SavedProvider = SavedProvidersResponse['saved'][number];

const SKELETON_ROWS = 3;

function SavedSkeleton() {
  return (
    <Stack gap="3">
      <Text role="status" color="fg.muted">
        Loading saved professionals...
      </Text>
      {Array.from({ length: SKELETON_ROWS }, (_, index) => (
        <HStack key={index} aria-hidden="true" gap="4" p="4" borderWidth="1px" borderRadius="lg">
          <SkeletonCircle size="10" />
          <Stack gap="2" flex="1">
            <Skeleton height="4" width="50%" />
            <Skeleton height="3" width="30%" />
          </Stack>
        </HStack>
      ))}
    </Stack>
  );
}

/** The business the card goes by, or the person when there is none (as on the directory's cards). */
const titleOf = (provider: NonNullable<SavedProvider['provider']>) => provider.businessName?.trim() || provider.name;

function SavedProviderRow({ item, onRemove }: { item: SavedProvider; onRemove: () => void }) {
  const { provider } = item;
  const savedOn = `Saved ${format(new Date(item.savedAt), DATE_FORMATS.short)}`;
  if (!provider) {
    return (
      <HStack as="li" gap="4" p="4" borderWidth="1px" borderRadius="lg" bg="bg.muted">
        <Stack gap="0.5" flex="1" minW="0">
          <Text fontWeight="medium">{DIRECTORY_MESSAGES.noLongerListed}</Text>
          <Text fontSize="sm" color="fg.muted">
            {savedOn}
          </Text>
        </Stack>
        <IconButton aria-label="Remove unavailable professional from saved" variant="ghost" size="sm" onClick={onRemove}>
          <TrashIcon aria-hidden="true" />
        </IconButton>
      </HStack>
    );
  }
  const title = titleOf(provider);
  return (
    <HStack as="li" gap="4" p="4" borderWidth="1px" borderRadius="lg">
      <UserAvatar name={provider.name} src={provider.avatarUrl} size="md" />
      <Stack gap="0.5" flex="1" minW="0">
        <Link asChild fontWeight="semibold" color="brand.fg">
          <RouterLink to={paths.provider(provider.id)}>{title}</RouterLink>
        </Link>
        <Text fontSize="sm" color="fg.muted">
          {[title !== provider.name ? provider.name : null, provider.locationName, savedOn].filter(Boolean).join(' · ')}
        </Text>
      </Stack>
      <IconButton aria-label={`Remove ${title} from saved`} variant="ghost" size="sm" onClick={onRemove}>
        <TrashIcon aria-hidden="true" />
      </IconButton>
    </HStack>
  );
}

function SavedProfessionalsList({ userId }: { userId: string }) {
  const list = useSavedProvidersList(userId);
  const toggle = useToggleSavedProvider(userId);

  if (list.isPending) return <SavedSkeleton />;
  if (list.isError) {
    return <LoadFailed message={DIRECTORY_MESSAGES.savedLoadFailed} onRetry={() => void list.refetch()} retrying={list.isRefetching} />;
  }
  const saved = list.data.pages.flatMap((page) => page.saved);
  if (saved.length === 0) {
    return (
      <EmptyState
        headingLevel="h4"
        title="No saved professionals yet"
        description="Professionals you save while browsing the directory will be listed here, so you can find them again."
        action={{ label: 'Find Professionals', to: paths.directory }}
      />
    );
  }

  const remove = (providerId: string) =>
    toggle.mutate(
      { providerId, save: false },
      {
        onSuccess: () => toaster.success({ title: DIRECTORY_MESSAGES.removed }),
        onError: (error) => toastFailure(error, { title: DIRECTORY_MESSAGES.saveFailed, description: error.message }),
      },
    );

  return (
    <Stack gap="4">
      <Stack as="ul" gap="3" listStyleType="none" aria-label="Saved professionals">
        {saved.map((item) => (
          <SavedProviderRow key={item.providerId} item={item} onRemove={() => remove(item.providerId)} />
        ))}
      </Stack>
      {list.hasNextPage && (
        <Box textAlign="center">
          <Button variant="outline" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
            Load more
          </Button>
        </Box>
      )}
    </Stack>
  );
}

function SavedProfessionals() {
  const session = useSession();
  // These screens are behind the sign-in guard; until the session is read there is nothing to list.
  if (session.status !== 'signedIn') return <SavedSkeleton />;
  return <SavedProfessionalsList userId={session.user.userId} />;
}

function SavedJobs() {
  return (
    <SavedJobsList
      empty={
        <EmptyState
          headingLevel="h4"
          title="No saved jobs yet"
          description="Jobs you save from the job directory will be listed here, so you can come back to them."
          action={{ label: 'Browse Jobs', to: paths.jobDirectory }}
        />
      }
    />
  );
}

/**
 * Saved items (docs/product/account-settings.md#bookmarks-tab): inner tabs Saved Professionals and Saved Jobs for
 * providers; clients save professionals only. A professional no longer in the directory stays listed,
 * said so, until the person removes them.
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
