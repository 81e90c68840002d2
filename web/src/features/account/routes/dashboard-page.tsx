import { Box, Button, Container, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { format } from 'date-fns';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { CLAIM_MESSAGES, DATE_FORMATS, PRODUCT_NAME, type ClaimState, type MyClaim } from '@solutionz/shared';
import { EmailConfirmationRequired, useUnconfirmedEmail } from '@/components/account/email-confirmation-required';
import { LoadFailed } from '@/components/errors/load-failed';
import { StatusBadge } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useMyClaims } from '../api/claims';
import { EmptyState } from '../components/empty-state';

const STATE_BADGES: Readonly<Record<ClaimState, { label: string; tone: 'green' | 'orange' | 'gray' }>> = {
  pending: { label: 'Pending', tone: 'orange' },
  verified: { label: 'Verified', tone: 'green' },
  approved: { label: 'Approved', tone: 'green' },
  refused: { label: 'Refused', tone: 'gray' },
};

const day = (iso: string) => format(new Date(iso), DATE_FORMATS.short);

function Step({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="2">
      <Heading as="h4" size="sm">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

/** What the claimant does next, by the claim's state (and, while pending, whether their address is confirmed). */
function NextStep({ claim, unconfirmedEmail }: { claim: MyClaim; unconfirmedEmail: string | undefined }) {
  switch (claim.state) {
    case 'pending':
      return unconfirmedEmail ? (
        <Step title="Confirm your e-mail address">
          <Text>
            Our team can approve the claim of {claim.businessName} only once {unconfirmedEmail} is confirmed.
          </Text>
          <EmailConfirmationRequired email={unconfirmedEmail} />
        </Step>
      ) : (
        <Step title="Waiting for review">
          <Text>Our team is checking that the business is yours. The decision shows here, and we'll e-mail you if we cannot approve it.</Text>
        </Step>
      );
    case 'verified':
    case 'approved':
      return (
        <Step title="Your business is yours">
          <Text>
            {claim.businessName} is now managed from your account. Keep its profile up to date. It stays listed in the directory for the period our team
            granted; take a membership to stay listed after it.
          </Text>
          <HStack gap="3" flexWrap="wrap">
            <Button asChild size="sm">
              <RouterLink to={paths.profile}>Edit your profile</RouterLink>
            </Button>
            <Button asChild size="sm" variant="outline">
              <RouterLink to={paths.membership}>See membership plans</RouterLink>
            </Button>
          </HStack>
        </Step>
      );
    case 'refused':
      return (
        <Step title="Claim refused">
          {claim.refusalReason && <Text>Reason: {claim.refusalReason}</Text>}
          <Text color="fg.muted">If you think this is a mistake, reply to the e-mail we sent you and a person will look at it again.</Text>
        </Step>
      );
  }
}

function ClaimCard({ claim, unconfirmedEmail }: { claim: MyClaim; unconfirmedEmail: string | undefined }) {
  const badge = STATE_BADGES[claim.state];
  return (
    <Box as="article" aria-label={claim.businessName} borderWidth="1px" borderRadius="lg" p={{ base: '4', md: '5' }} bg="bg">
      <Stack gap="4">
        <HStack justify="space-between" align="flex-start" gap="3" flexWrap="wrap">
          <Stack gap="1" minW="0">
            <Heading as="h3" size="md" overflowWrap="anywhere">
              {claim.businessName}
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              Claimed on {day(claim.createdAt)}
              {claim.decidedAt ? ` · ${badge.label.toLowerCase()} on ${day(claim.decidedAt)}` : ''}
            </Text>
          </Stack>
          <StatusBadge tone={badge.tone}>{badge.label}</StatusBadge>
        </HStack>
        <NextStep claim={claim} unconfirmedEmail={unconfirmedEmail} />
      </Stack>
    </Box>
  );
}

/** /dashboard (docs/product/claims.md#the-claimants-dashboard): each business claim of the signed-in person, its state and what to do next. */
export function DashboardPage() {
  useDocumentTitle(`Dashboard | ${PRODUCT_NAME}`);
  const claims = useMyClaims();
  const unconfirmedEmail = useUnconfirmedEmail();
  return (
    <Container maxW="3xl" py={{ base: '6', md: '10' }} px={{ base: '4', md: '6' }}>
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          Dashboard
        </Heading>
        <Heading as="h2" size="lg">
          Your business claims
        </Heading>
        {claims.isPending ? (
          <Stack gap="3" role="status" aria-label="Loading your claims">
            <Skeleton height="32" />
          </Stack>
        ) : claims.isError ? (
          <LoadFailed message={CLAIM_MESSAGES.claimsLoadFailed} onRetry={() => void claims.refetch()} />
        ) : claims.data.claims.length === 0 ? (
          <EmptyState
            title="No business claims"
            description={`When you claim a business listed on ${PRODUCT_NAME}, you follow the claim here. Meanwhile, find professionals in the directory or keep your profile up to date.`}
            action={
              <HStack gap="3" flexWrap="wrap" justify="center">
                <Button asChild size="sm">
                  <RouterLink to={paths.directory}>Find Professionals</RouterLink>
                </Button>
                <Button asChild size="sm" variant="outline">
                  <RouterLink to={paths.profile}>My Profile</RouterLink>
                </Button>
              </HStack>
            }
          />
        ) : (
          <Stack gap="4">
            {claims.data.claims.map((claim) => (
              <ClaimCard key={claim.businessId} claim={claim} unconfirmedEmail={unconfirmedEmail} />
            ))}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
