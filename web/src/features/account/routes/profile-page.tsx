import { Button, Container, Heading, Stack, Tabs, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PRODUCT_NAME, PROFILE_MESSAGES, type MeResponse } from '@solutionz/shared';
import { MyJobsList } from '@/entities/jobs/components/job-lists';
import { LoadFailed } from '@/components/errors/load-failed';
import { PageLoading } from '@/components/layout/page-loading';
import { PortfolioTab } from '@/entities/portfolio/components/portfolio-tab';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AboutPanel } from '../components/about-panel';
import { EmptyState } from '../components/empty-state';
import { ProfileHeader } from '../components/profile-header';
import { ReviewsTab } from '../components/reviews-tab';
import { SavedItems } from '../components/saved-items';
import { ServicesPanel } from '../components/services-panel';
import { SubscriptionSummaryCard } from '../components/subscription-summary';

interface ProfileTab {
  readonly value: string;
  readonly label: string;
  readonly content: ReactNode;
}

/** The tabs each account type has (docs/product/account-settings.md#own-profile-page), in the order they are shown. */
export function profileTabs(profile: MeResponse): ProfileTab[] {
  const about: ProfileTab = { value: 'about', label: 'About', content: <AboutPanel profile={profile} /> };
  const subscriptions: ProfileTab = {
    value: 'subscriptions',
    label: 'Subscriptions',
    content:
      profile.accountType === 'provider' ? (
        <SubscriptionSummaryCard subscription={profile.subscription} returnTo="profile" />
      ) : (
        <Text color="fg.muted">
          {profile.accountType === 'client'
            ? 'Clients need no membership: finding professionals, saving them and posting jobs are free.'
            : 'Admin accounts have no membership.'}
        </Text>
      ),
  };
  switch (profile.accountType) {
    case 'provider':
      return [
        about,
        {
          value: 'services',
          label: 'Services',
          content: <ServicesPanel profile={profile} />,
        },
        {
          value: 'portfolio',
          label: 'Portfolio',
          content: <PortfolioTab providerId={profile.userId} isOwner />,
        },
        {
          value: 'reviews',
          label: 'Reviews',
          content: <ReviewsTab userId={profile.userId} providerName={profile.businessName?.trim() || profile.displayName} />,
        },
        { value: 'saved', label: 'Saved Jobs', content: <SavedItems withJobs /> },
        subscriptions,
      ];
    case 'client':
      return [
        about,
        {
          value: 'jobs',
          label: 'My Jobs',
          content: (
            <MyJobsList
              empty={
                <EmptyState
                  title="You haven't posted any jobs yet"
                  description="Jobs you post will be listed here, newest first, for you to follow up or delete."
                  action={{ label: 'Post a Job', to: paths.postJob }}
                />
              }
            />
          ),
        },
        subscriptions,
      ];
    case 'admin':
      return [
        about,
        subscriptions,
        {
          value: 'admin',
          label: 'Admin Dashboard',
          content: (
            <Stack gap="3" align="start">
              <Text>Moderate feedback, manage users and categories, and see the analytics.</Text>
              <Button asChild>
                <RouterLink to={paths.admin}>Go to the Admin Dashboard</RouterLink>
              </Button>
            </Stack>
          ),
        },
      ];
  }
}

/** /profile (docs/product/account-settings.md#own-profile-page): the signed-in person's own profile. */
export function ProfilePage() {
  useDocumentTitle(`My Profile | ${PRODUCT_NAME}`);
  const session = useSession();
  const profile = session.status === 'signedIn' ? session.profile : undefined;

  let body: ReactNode;
  if (profile) {
    const tabs = profileTabs(profile);
    body = (
      <>
        <ProfileHeader profile={profile} />
        <Tabs.Root defaultValue="about" variant="line" lazyMount unmountOnExit>
          <Tabs.List aria-label="Profile sections" overflowX="auto">
            {tabs.map((tab) => (
              <Tabs.Trigger key={tab.value} value={tab.value} flexShrink="0">
                {tab.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {tabs.map((tab) => (
            <Tabs.Content key={tab.value} value={tab.value} pt="6">
              {tab.content}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </>
    );
  } else if (session.status === 'signedIn' && session.profileStatus === 'error') {
    body = <LoadFailed message={PROFILE_MESSAGES.loadFailed} />;
  } else {
    body = <PageLoading />;
  }

  return (
    <Container maxW="5xl" py={{ base: '8', md: '12' }} px={{ base: '4', md: '6' }}>
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          My Profile
        </Heading>
        {body}
      </Stack>
    </Container>
  );
}
