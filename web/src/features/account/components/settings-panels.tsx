import { Heading, Stack, Text } from '@chakra-ui/react';
import type { MeResponse } from '@solutionz/shared';
import { SavedItems } from './saved-items';
import { SubscriptionSummaryCard } from './subscription-summary';

/** The bookmarks tab (docs/product/account-settings.md#bookmarks-tab): providers see saved professionals and saved jobs, clients saved professionals. */
export function BookmarksTab({ profile }: { profile: MeResponse }) {
  return (
    <Stack gap="4">
      <Heading as="h2" size="xl">
        Bookmarks
      </Heading>
      <SavedItems withJobs={profile.accountType === 'provider'} />
    </Stack>
  );
}

/** The payments tab, "Subscriptions" in the sidebar (docs/product/account-settings.md#subscriptions-tab): providers only. */
export function PaymentsTab({ profile }: { profile: MeResponse }) {
  if (profile.accountType !== 'provider') {
    return (
      <Stack gap="2">
        <Heading as="h2" size="xl">
          Access denied
        </Heading>
        <Text color="fg.muted">Subscriptions are for service providers.</Text>
      </Stack>
    );
  }
  const { subscription } = profile;
  return (
    <Stack gap="4">
      <Heading as="h2" size="xl">
        Subscriptions
      </Heading>
      <Text>{subscription.isSubscribed ? 'You have an active subscription' : 'No active subscription'}</Text>
      <SubscriptionSummaryCard subscription={subscription} returnTo="account" />
    </Stack>
  );
}
