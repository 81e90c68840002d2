import { Container, Heading, LinkBox, LinkOverlay, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ADMIN_CONSOLE_MESSAGES, PRODUCT_NAME, type AdminDashboard } from '@solutionz/shared';
import { linkCardStyles } from '@/components/ui/link-card';
import { LoadFailed } from '@/components/errors/load-failed';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAdminDashboard } from '../api/admin-api';
import { ActivityList } from '../components/activity-list';
import { EmptyState, LoadingRows } from '../components/load-states';
import { Panel, StatGrid } from '../components/panel';

const CARDS = [
  { title: 'Users', description: 'Search, edit, deactivate, hide and delete accounts; create providers.', to: paths.adminUsers },
  { title: 'Feedback', description: 'Approve, unpublish, edit or delete feedback left on providers.', to: paths.adminFeedback },
  { title: 'Categories', description: 'Add, edit, order and remove service categories.', to: paths.adminCategories },
  { title: 'Analytics', description: 'Providers, seekers, feedback, sign-ups and jobs posted per day, recent activity.', to: paths.adminAnalytics },
  { title: 'Businesses', description: 'The businesses admins listed, claimed or not, and the claims to approve or refuse.', to: paths.adminBusinesses },
  {
    title: 'Reports',
    description: 'Conversations people reported, with their messages: dismiss, stop the person messaging or deactivate.',
    to: paths.adminReports,
  },
] as const;

const STATS: readonly { key: keyof AdminDashboard['stats']; label: string }[] = [
  { key: 'businesses', label: 'Businesses' },
  { key: 'listedProviders', label: 'Visible, active providers' },
  { key: 'businessesThisMonth', label: 'Businesses created this month' },
  { key: 'pendingFeedback', label: 'Feedback awaiting approval' },
  { key: 'openReports', label: 'Open conversation reports' },
];

/** /admin and /admin/dashboard (docs/product/admin.md#dashboard): the screens, the counters and the latest audit entries. */
export function AdminDashboardPage() {
  useDocumentTitle(`Admin Dashboard | ${PRODUCT_NAME}`);
  const dashboard = useAdminDashboard();
  const stats = dashboard.data?.stats;
  return (
    <Container maxW="7xl" py={{ base: '6', md: '10' }} px={{ base: '4', md: '6' }}>
      <Stack gap="8">
        <Heading as="h1" size="2xl">
          Admin Dashboard
        </Heading>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
          {CARDS.map((card) => (
            <LinkBox key={card.title} {...linkCardStyles}>
              <Heading as="h2" size="md" mb="1">
                <LinkOverlay asChild>
                  <RouterLink to={card.to}>{card.title}</RouterLink>
                </LinkOverlay>
              </Heading>
              <Text fontSize="sm" color="fg.muted">
                {card.description}
              </Text>
            </LinkBox>
          ))}
        </SimpleGrid>
        <Panel title="Statistics">
          {dashboard.isError ? (
            <LoadFailed message={ADMIN_CONSOLE_MESSAGES.statsFailed} error={dashboard.error} onRetry={() => void dashboard.refetch()} />
          ) : (
            <StatGrid columns={5} stats={STATS.map((stat) => ({ label: stat.label, value: stats?.[stat.key] }))} />
          )}
        </Panel>
        <Panel title="Recent activity">
          {dashboard.isPending ? (
            <LoadingRows label="Loading recent activity" rows={3} />
          ) : dashboard.isError ? (
            <LoadFailed message={ADMIN_CONSOLE_MESSAGES.auditFailed} onRetry={() => void dashboard.refetch()} />
          ) : dashboard.data.recentActivity.length === 0 ? (
            <EmptyState>No admin actions yet.</EmptyState>
          ) : (
            <ActivityList entries={dashboard.data.recentActivity} />
          )}
        </Panel>
      </Stack>
    </Container>
  );
}
