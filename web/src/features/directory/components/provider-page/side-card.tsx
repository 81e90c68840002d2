import { Alert, Box, Button, chakra, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { forwardRef, lazy, Suspense, useState, type ReactNode } from 'react';
import { MessageCircleIcon, MessageSquarePlusIcon, PencilIcon, PhoneIcon, SettingsIcon } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { PROVIDER_PROFILE_MESSAGES, type MyProviderPage, type ProviderProfile } from '@solutionz/shared';
import { SaveProviderButton } from '@/entities/providers/components/save-provider-button';
import { paths } from '@/config/paths';
import { ClaimCard } from './claim-card';
import type { Viewer } from './viewer';

function Card({ title, children, headingId }: { title: string; children: ReactNode; headingId: string }) {
  return (
    <Stack as="section" aria-labelledby={headingId} gap="4" p="5" borderWidth="1px" borderRadius="xl" bg="bg.panel">
      <Heading as="h2" id={headingId} size="md" tabIndex={-1} _focusVisible={{ outline: 'none' }}>
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

/** The owner's actions (docs/product/provider-profile.md#the-owners-view), and why the public cannot see the page when it cannot. */
// The message form (and the messaging routes' schemas) loads when a client opens it, not with the page.
const SendMessageDialog = lazy(() =>
  import('@/entities/messages/components/send-message-dialog').then(({ SendMessageDialog: Dialog }) => ({ default: Dialog })),
);

export function OwnerCard({ page }: { page: MyProviderPage }) {
  return (
    <Card title="Your profile" headingId="owner-card-heading">
      {page.listed ? (
        <Text color="fg.muted">This is how clients see your page in the directory.</Text>
      ) : (
        <Alert.Root status="warning" alignItems="start">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Only you can see this page</Alert.Title>
            <Alert.Description>
              <Stack gap="1">
                {page.unlistedReasons.map((reason) => (
                  <Text key={reason}>{PROVIDER_PROFILE_MESSAGES.unlisted[reason]}</Text>
                ))}
                {page.unlistedReasons.includes('noMembership') && (
                  <Link asChild color="brand.fg" fontWeight="medium">
                    <RouterLink to={paths.membership}>See membership plans</RouterLink>
                  </Link>
                )}
              </Stack>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <Stack gap="2">
        <Button asChild>
          <RouterLink to={paths.account}>
            <SettingsIcon aria-hidden="true" />
            Account Settings
          </RouterLink>
        </Button>
        <Button asChild variant="outline">
          <RouterLink to={paths.accountTab('profile')}>
            <PencilIcon aria-hidden="true" />
            Edit Full Profile
          </RouterLink>
        </Button>
      </Stack>
    </Card>
  );
}

export interface VisitorCardProps {
  page: ProviderProfile;
  viewer: Exclude<Viewer, { kind: 'owner' }>;
  /** Leave Feedback: opens the feedback form, or the login for a signed-out visitor. */
  onLeaveFeedback: () => void;
  /** The page was opened to write to the provider (`?action=message`, where the login sends a visitor back). */
  messageOnOpen?: boolean;
}

/**
 * What a visitor can do (docs/product/provider-profile.md#what-the-page-shows): save the professional (signed in), leave feedback
 * (clients; a signed-out visitor is asked to log in first), and reach them by what they published.
 * Other providers and admins leave no feedback, so they are not offered it.
 */
export const VisitorCard = forwardRef<HTMLDivElement, VisitorCardProps>(function VisitorCard(
  { page, viewer, onLeaveFeedback, messageOnOpen = false },
  contactRef,
) {
  // While the viewer is not known, the buttons are there as a visitor sees them but wait for the session.
  const pending = viewer.kind === 'pending';
  const canLeaveFeedback = pending || viewer.kind === 'visitor' || viewer.kind === 'client';
  // Clients write to providers (docs/product/messages.md#who-can-write-to-whom); a signed-out visitor is asked to log in first and comes back here.
  const canMessage = pending || viewer.kind === 'visitor' || viewer.kind === 'client';
  // Open when the page was opened to write, once the viewer is known to be a client (a page shown before the
  // session was read learns it later), until the viewer opens or closes it themselves.
  const [chosenMessageOpen, setMessageOpen] = useState<boolean>();
  const messageOpen = chosenMessageOpen ?? (messageOnOpen && viewer.kind === 'client');
  const { phone } = page.contact;
  const messageLogin = `${paths.login}?${new URLSearchParams({ redirect: `${paths.provider(page.id)}?action=message` }).toString()}`;
  return (
    <Stack gap="4">
      <Card title={`Work with ${page.displayName}`} headingId="visitor-card-heading">
        <HStack gap="2" flexWrap="wrap">
          {canLeaveFeedback && (
            <Button onClick={onLeaveFeedback} flex="1" disabled={pending}>
              <MessageSquarePlusIcon aria-hidden="true" />
              Leave Feedback
            </Button>
          )}
          <SaveProviderButton providerId={page.id} providerName={page.displayName} />
        </HStack>
        {canMessage &&
          (pending ? (
            <Button variant="outline" mt="3" width="full" disabled>
              <MessageCircleIcon aria-hidden="true" />
              Send a Message
            </Button>
          ) : viewer.kind === 'client' ? (
            <Button variant="outline" mt="3" width="full" onClick={() => setMessageOpen(true)}>
              <MessageCircleIcon aria-hidden="true" />
              Send a Message
            </Button>
          ) : (
            <Button asChild variant="outline" mt="3" width="full">
              <RouterLink to={messageLogin}>
                <MessageCircleIcon aria-hidden="true" />
                Log in to Send a Message
              </RouterLink>
            </Button>
          ))}
      </Card>
      {viewer.kind === 'client' && messageOpen && (
        <Suspense>
          <SendMessageDialog open onOpenChange={setMessageOpen} recipientName={page.displayName} to={{ providerId: page.id }} />
        </Suspense>
      )}
      <Box ref={contactRef}>
        <Card title="Contact details" headingId="contact-heading">
          {phone || page.locationName ? (
            <chakra.dl display="grid" gridTemplateColumns="max-content 1fr" columnGap="4" rowGap="2">
              {phone && (
                <>
                  <chakra.dt fontWeight="medium">Phone</chakra.dt>
                  <chakra.dd>
                    <Link href={`tel:${phone.replace(/[^\d+]/g, '')}`} color="brand.fg">
                      <PhoneIcon aria-hidden="true" />
                      {phone}
                    </Link>
                  </chakra.dd>
                </>
              )}
              {page.locationName && (
                <>
                  <chakra.dt fontWeight="medium">Based in</chakra.dt>
                  <chakra.dd>{page.locationName}</chakra.dd>
                </>
              )}
            </chakra.dl>
          ) : (
            <Text color="fg.muted">No contact details published yet.</Text>
          )}
        </Card>
      </Box>
      {page.claimableBusinessId && <ClaimCard businessId={page.claimableBusinessId} businessName={page.displayName} />}
    </Stack>
  );
});
