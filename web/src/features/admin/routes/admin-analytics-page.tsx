import { Box, chakra, Container, Heading, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useEffect } from 'react';
import { ADMIN_CONSOLE_MESSAGES, PRODUCT_NAME, type AdminAnalytics } from '@solutionz/shared';
import { LoadFailed } from '@/components/errors/load-failed';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAdminAnalytics } from '../api/admin-api';
import { ActivityList, RelativeTime } from '../components/activity-list';
import { EmptyState } from '../components/load-states';
import { Panel, StatGrid } from '../components/panel';
import { PopularCategories } from '../components/popular-categories';

const STATS: readonly { key: keyof AdminAnalytics['stats']; label: string }[] = [
  { key: 'totalProviders', label: 'Total Providers' },
  { key: 'totalSeekers', label: 'Total Seekers' },
  { key: 'activeSessions', label: 'Active Sessions' },
  { key: 'approvedFeedback', label: 'Approved Feedback' },
  { key: 'pendingFeedback', label: 'Pending Feedback' },
  { key: 'newUsers', label: 'New Users (30 days)' },
];

const ACCOUNT_LABELS = { client: 'seeker', provider: 'provider' } as const;

function RecentActivity({ items, now }: { items: AdminAnalytics['recentActivity']; now: Date }) {
  if (items.length === 0) return <EmptyState>No activity yet.</EmptyState>;
  return (
    <List.Root variant="plain" gap="3">
      {items.map((item) =>
        item.kind === 'audit' ? (
          <List.Item key={`audit-${item.entry.id}`} display="block">
            <ActivityList entries={[item.entry]} now={now} />
          </List.Item>
        ) : (
          <List.Item key={`signup-${item.userId}`} display="block" borderBottomWidth="1px" pb="3">
            <Text overflowWrap="anywhere">
              <Text as="span" fontWeight="semibold">
                {item.name}
              </Text>{' '}
              signed up as a {ACCOUNT_LABELS[item.accountType]}
            </Text>
            <RelativeTime at={item.at} now={now} />
          </List.Item>
        ),
      )}
    </List.Root>
  );
}

// The chart library is a chunk of its own, so no other screen pays for it; fetched while the figures load.
const loadChart = () => import('../components/daily-chart');
const DailyChart = lazy(() => loadChart().then((module) => ({ default: module.DailyChart })));

const DAY_LABEL = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** /admin/analytics (docs/product/admin.md#analytics): counters and per-day figures the writes keep, and the recent activity. */
export function AdminAnalyticsPage() {
  useDocumentTitle(`Analytics | ${PRODUCT_NAME}`);
  const analytics = useAdminAnalytics();
  useEffect(() => void loadChart(), []);
  const now = new Date();
  return (
    <Container maxW="7xl" py={{ base: '6', md: '10' }} px={{ base: '4', md: '6' }}>
      <Stack gap="8">
        <Heading as="h1" size="2xl">
          Analytics
        </Heading>
        {analytics.isPending ? (
          <Text role="status">{ADMIN_CONSOLE_MESSAGES.analyticsLoading}</Text>
        ) : analytics.isError ? (
          <LoadFailed message={ADMIN_CONSOLE_MESSAGES.analyticsFailed} error={analytics.error} onRetry={() => void analytics.refetch()} />
        ) : (
          <>
            <StatGrid label="Statistics" columns={3} stats={STATS.map((stat) => ({ label: stat.label, value: analytics.data.stats[stat.key] }))} />
            <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
              <Panel title="Most Popular Categories">
                <PopularCategories categories={analytics.data.popularCategories} />
              </Panel>
              <Panel title="Recent Activity">
                <RecentActivity items={analytics.data.recentActivity} now={now} />
              </Panel>
            </SimpleGrid>
            <Panel title="Sign-ups and jobs, last 30 days">
              <Suspense fallback={<Box h={{ base: '56', md: '72' }} />}>
                <DailyChart daily={analytics.data.daily} />
              </Suspense>
              <Box overflowX="auto" mt="4">
                {/* Plain elements: the theme carries no table recipe. Three short columns fit a phone. */}
                <chakra.table width="full" fontSize="sm" css={{ borderCollapse: 'collapse', '& th, & td': { px: '3', py: '1.5', borderBottomWidth: '1px' } }}>
                  <thead>
                    <tr>
                      <chakra.th scope="col" textAlign="start" fontWeight="semibold" color="fg.muted">
                        Day
                      </chakra.th>
                      <chakra.th scope="col" textAlign="end" fontWeight="semibold" color="fg.muted">
                        Sign-ups
                      </chakra.th>
                      <chakra.th scope="col" textAlign="end" fontWeight="semibold" color="fg.muted">
                        Jobs posted
                      </chakra.th>
                    </tr>
                  </thead>
                  <tbody>
                    {[...analytics.data.daily].reverse().map((day) => (
                      <tr key={day.day}>
                        <td>
                          <chakra.time dateTime={day.day}>{DAY_LABEL.format(new Date(`${day.day}T00:00:00Z`))}</chakra.time>
                        </td>
                        <chakra.td textAlign="end">{day.signups}</chakra.td>
                        <chakra.td textAlign="end">{day.jobs}</chakra.td>
                      </tr>
                    ))}
                  </tbody>
                </chakra.table>
              </Box>
            </Panel>
          </>
        )}
      </Stack>
    </Container>
  );
}
