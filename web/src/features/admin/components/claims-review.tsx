import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { format } from 'date-fns';
import { useState } from 'react';
import { ADMIN_CLAIM_MESSAGES, DATE_FORMATS, type AdminClaim, type AdminReason } from '@solutionz/shared';
import { toastFailure } from '@/components/ui/failure-toast';
import { StatusBadge } from '@/components/ui/status-badge';
import { toaster } from '@/components/ui/toaster';
import { LoadFailed } from '@/components/errors/load-failed';
import { ApiError } from '@/lib/api-client';
import { useAdminClaims, useDecideClaim } from '../api/admin-api';
import { CursorPager, useCursorPages } from './cursor-pager';
import { EmptyState, LoadingRows } from './load-states';
import { Panel } from './panel';
import { ReasonDialog } from './reason-dialog';
import { Cell, ResponsiveTable, Row } from './responsive-table';

const HEADERS = ['Business', 'Address on record', 'Claimant', 'Addresses', 'Claimed', 'Actions'] as const;
const claimedAt = (iso: string) => format(new Date(iso), `${DATE_FORMATS.short}, HH:mm`);

/**
 * The claims waiting for an admin (docs/product/claims.md#any-other-address-an-admin-reviews): newest first, 20 a page, each with the
 * address the admin recorded for the business, the claimant's address, whether the two match and whether
 * the claimant confirmed theirs; Approve (once the claimant's address is confirmed), or Refuse with a
 * reason the claimant is e-mailed. A decided claim leaves the list.
 */
export function ClaimsReview() {
  const pages = useCursorPages();
  const claims = useAdminClaims(pages.cursor);
  const decide = useDecideClaim();
  const [refusing, setRefusing] = useState<AdminClaim>();

  function decideClaim(claim: AdminClaim, reason?: AdminReason) {
    decide.mutate(
      { businessId: claim.businessId, ...(reason ? { reason } : {}) },
      {
        onSuccess: () => {
          toaster.success({ title: reason ? ADMIN_CLAIM_MESSAGES.refused : ADMIN_CLAIM_MESSAGES.approved });
          setRefusing(undefined);
        },
        onError: (error) => {
          toastFailure(error, { title: ADMIN_CLAIM_MESSAGES.decideFailed, description: error instanceof ApiError ? error.message : undefined });
          // Decided by another admin meanwhile: the list shows what is left.
          if (error instanceof ApiError && error.status === 409) {
            setRefusing(undefined);
            void claims.refetch();
          }
        },
      },
    );
  }

  const busyWith = (claim: AdminClaim) => decide.isPending && decide.variables.businessId === claim.businessId;

  return (
    <Panel title="Claims awaiting review">
      {claims.isPending ? (
        <LoadingRows label="Loading claims" rows={3} />
      ) : claims.isError ? (
        <LoadFailed message={ADMIN_CLAIM_MESSAGES.loadFailed} error={claims.error} onRetry={() => void claims.refetch()} />
      ) : claims.data.claims.length === 0 ? (
        <EmptyState>No claims awaiting review.</EmptyState>
      ) : (
        <div aria-busy={claims.isFetching}>
          <ResponsiveTable caption="Claims awaiting review" headers={HEADERS}>
            {claims.data.claims.map((claim) => (
              <Row key={claim.claimId}>
                <Cell label="Business">
                  <Text fontWeight="medium">{claim.businessName}</Text>
                </Cell>
                <Cell label="Address on record">
                  {claim.businessEmail ?? (
                    <Text as="span" color="fg.muted">
                      {ADMIN_CLAIM_MESSAGES.noBusinessEmail}
                    </Text>
                  )}
                </Cell>
                <Cell label="Claimant">
                  <Text>{claim.claimantEmail}</Text>
                  <Box mt="1">
                    <StatusBadge tone={claim.claimantEmailConfirmed ? 'green' : 'orange'}>
                      {claim.claimantEmailConfirmed ? ADMIN_CLAIM_MESSAGES.claimantConfirmed : ADMIN_CLAIM_MESSAGES.claimantUnconfirmedLabel}
                    </StatusBadge>
                  </Box>
                </Cell>
                <Cell label="Addresses">
                  <StatusBadge tone={claim.emailsMatch ? 'green' : 'orange'}>
                    {claim.emailsMatch ? ADMIN_CLAIM_MESSAGES.emailsMatch : ADMIN_CLAIM_MESSAGES.emailsDiffer}
                  </StatusBadge>
                </Cell>
                <Cell label="Claimed">{claimedAt(claim.createdAt)}</Cell>
                <Cell label="Actions">
                  <HStack gap="2" flexWrap="wrap">
                    <Button
                      size="sm"
                      aria-label={`Approve the claim of ${claim.businessName}`}
                      onClick={() => decideClaim(claim)}
                      loading={busyWith(claim) && !decide.variables?.reason}
                      loadingText="Approving..."
                      // The API refuses it too: the business goes to an account only once its address is proven.
                      disabled={busyWith(claim) || !claim.claimantEmailConfirmed}
                      {...(claim.claimantEmailConfirmed ? {} : { 'aria-describedby': `unconfirmed-${claim.claimId}` })}
                    >
                      Approve
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      colorPalette="red"
                      aria-label={`Refuse the claim of ${claim.businessName}`}
                      onClick={() => setRefusing(claim)}
                      disabled={busyWith(claim)}
                    >
                      Refuse
                    </Button>
                  </HStack>
                  {!claim.claimantEmailConfirmed && (
                    <Text id={`unconfirmed-${claim.claimId}`} fontSize="xs" color="fg.muted" mt="1">
                      {ADMIN_CLAIM_MESSAGES.claimantUnconfirmed}
                    </Text>
                  )}
                </Cell>
              </Row>
            ))}
          </ResponsiveTable>
          <CursorPager
            label="Claim pages"
            page={pages.page}
            nextCursor={claims.data.nextCursor}
            busy={claims.isFetching}
            onPrevious={pages.previous}
            onNext={pages.next}
          />
        </div>
      )}
      {refusing && (
        <ReasonDialog
          title="Refuse claim"
          confirmLabel="Refuse"
          busyLabel="Refusing..."
          busy={decide.isPending}
          onClose={() => setRefusing(undefined)}
          onConfirm={(reason) => decideClaim(refusing, reason)}
        >
          {`${refusing.claimantEmail} is told by e-mail that their claim of ${refusing.businessName} was refused, with your reason. The business can then be claimed again.`}
        </ReasonDialog>
      )}
    </Panel>
  );
}
