import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { ADMIN_BUSINESSES_MESSAGES as MESSAGES, type AdminBusiness } from '@solutionz/shared';
import { StatusBadge } from '@/components/ui/status-badge';
import { LoadFailed } from '@/components/errors/load-failed';
import { formatUkDate } from '@/lib/uk-date';
import { useAdminBusinesses } from '../api/businesses-api';
import { ClaimLinkCell } from './claim-link';
import { EmptyState, LoadingRows } from './load-states';
import { Cell, ResponsiveTable, Row } from './responsive-table';

const HEADERS = ['Business', 'Status', 'Owner', 'Claim date', 'Created', 'Claim link'] as const;
const day = (at: string) => formatUkDate(at, 'd MMM yyyy');

function Owner({ business }: { business: AdminBusiness }) {
  if (!business.owner) return <Text color="fg.muted">{MESSAGES.noOwner}</Text>;
  return (
    <Text>
      {business.owner.name}
      {business.status === 'unclaimed' && (
        <Text as="span" color="fg.muted">
          {' '}
          (claimant)
        </Text>
      )}
    </Text>
  );
}

/** /admin/businesses: the businesses admins created, newest first, whether and by whom they were claimed. */
export function BusinessesList() {
  const businesses = useAdminBusinesses();
  if (businesses.isPending) return <LoadingRows label="Loading businesses" />;
  if (businesses.isError) return <LoadFailed message={MESSAGES.loadFailed} error={businesses.error} onRetry={() => void businesses.refetch()} />;
  const rows = businesses.data.pages.flatMap((page) => page.businesses);
  if (rows.length === 0) return <EmptyState>{MESSAGES.empty}</EmptyState>;
  return (
    <Stack gap="4" aria-busy={businesses.isFetching}>
      <ResponsiveTable caption="Businesses created by administrators" headers={HEADERS}>
        {rows.map((business) => (
          <Row key={business.businessId}>
            <Cell label="Business">
              <Text fontWeight="medium">{business.businessName}</Text>
            </Cell>
            <Cell label="Status">
              <HStack gap="1" flexWrap="wrap">
                <StatusBadge tone={business.status === 'claimed' ? 'green' : 'gray'}>
                  {business.status === 'claimed' ? MESSAGES.claimed : MESSAGES.unclaimed}
                </StatusBadge>
                {business.claimPending && <StatusBadge tone="orange">{MESSAGES.claimPending}</StatusBadge>}
              </HStack>
            </Cell>
            <Cell label="Owner">
              <Owner business={business} />
            </Cell>
            <Cell label="Claim date">{business.claimedAt ? day(business.claimedAt) : '—'}</Cell>
            <Cell label="Created">{day(business.createdAt)}</Cell>
            {/* The owner of an unclaimed business claims it from this link; an admin sends it to them. */}
            <Cell label="Claim link">
              {business.status === 'unclaimed' ? <ClaimLinkCell businessId={business.businessId} businessName={business.businessName} /> : '—'}
            </Cell>
          </Row>
        ))}
      </ResponsiveTable>
      {businesses.hasNextPage && (
        <Box textAlign="center">
          <Button variant="outline" size="sm" onClick={() => void businesses.fetchNextPage()} loading={businesses.isFetchingNextPage} loadingText="Loading...">
            {MESSAGES.loadMore}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
