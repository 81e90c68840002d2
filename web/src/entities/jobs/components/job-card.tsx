import { Box, Button, chakra, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { memo, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { categoryLabel, DATE_FORMATS, JOB_MESSAGES, type Job } from '@solutionz/shared';
import { EmailConfirmationRequired } from '@/components/account/email-confirmation-required';
import { toastFailure } from '@/components/ui/failure-toast';
import { StatusBadge } from '@/components/ui/status-badge';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import type { SessionState } from '@/lib/auth/session-types';
import { useRevealJob, useSaveJob } from '@/entities/jobs/api/jobs';
import { formatUkDate } from '@/lib/uk-date';
import { useHydrating } from '@/lib/use-hydrating';

/** Who looks at a job: `unknown` while the session is read (a server-rendered board), when nothing to act on shows. */
type JobViewerRole = 'unknown' | 'visitor' | 'client' | 'provider' | 'admin';

export interface JobViewer {
  role: JobViewerRole;
  subscribed: boolean;
  /** The viewer's address while it is not confirmed: revealing waits for it. */
  unconfirmedEmail?: string;
}

/** How the person looking (the session, with their profile once read) sees jobs' contact details. */
export function jobViewerOf(session: SessionState): JobViewer {
  if (session.status === 'signedOut') return { role: 'visitor', subscribed: false };
  const profile = session.status === 'signedIn' ? session.profile : undefined;
  if (!profile) return { role: 'unknown', subscribed: false };
  return {
    role: profile.accountType,
    subscribed: Boolean(profile.subscription.isSubscribed),
    ...(!profile.emailConfirmed ? { unconfirmedEmail: profile.email } : {}),
  };
}

const BUDGET_TYPE_LABEL = { hourly: 'Hourly', fixed: 'Fixed price' } as const;

/** The open lead count (docs/product/jobs.md#revealing-contact-details): how many have revealed it, of how many may. */
function LeadCount({ job }: { job: Job }) {
  return job.enoughInterest ? (
    <StatusBadge tone="orange">{JOB_MESSAGES.enoughInterest}</StatusBadge>
  ) : (
    <Text fontSize="sm" color="fg.muted">
      {job.revealCount} of {job.revealCap} contacts revealed
    </Text>
  );
}

const NOBODY_YET: JobViewer = { role: 'unknown', subscribed: false };

/** Contact details as a blur, with what the viewer can do to see them. */
function BlurredContact({ children }: { children: ReactNode }) {
  return (
    <Stack gap="1">
      <Text aria-hidden filter="blur(4px)" userSelect="none">
        name@example.com · 07000 000000
      </Text>
      <Text fontSize="sm">{children}</Text>
    </Stack>
  );
}

/** A visitor: sign in, or join as a provider (only providers see contact details). */
function VisitorPrompt() {
  const { pathname, search } = useLocation();
  return (
    <BlurredContact>
      {JOB_MESSAGES.visitorHint}{' '}
      <Link asChild color="brand.700">
        <RouterLink to={`${paths.login}?${new URLSearchParams({ return: `${pathname}${search}` }).toString()}`}>Sign in</RouterLink>
      </Link>
      {' · '}
      <Link asChild color="brand.700">
        <RouterLink to={paths.signupProvider}>Join as a provider</RouterLink>
      </Link>
    </BlurredContact>
  );
}

/** Reveal: the mutation belongs to the card's contact area, which outlives the button (it shows the contact once revealed), so its toast still comes. */
function RevealButton({ job, reveal }: { job: Job; reveal: ReturnType<typeof useRevealJob> }) {
  return (
    <Button
      size="sm"
      alignSelf="flex-start"
      disabled={job.enoughInterest}
      loading={reveal.isPending}
      onClick={() =>
        reveal.mutate(job.id, {
          onSuccess: () => toaster.success({ title: JOB_MESSAGES.revealed }),
          onError: (error) => toastFailure(error, { title: error.message }),
        })
      }
    >
      Reveal contact
    </Button>
  );
}

/**
 * What the viewer can do about the contact (docs/product/jobs.md#the-job-board): its details where they may see them; a
 * member reveals; a provider without a membership is offered one; a visitor signs in. A client or an admin has nothing
 * to do with another's job, so sees nothing.
 */
function ContactDetails({ job, viewer }: { job: Job; viewer: JobViewer }) {
  const reveal = useRevealJob();
  if (job.contact) {
    return (
      <Stack gap="1" aria-label="Contact details" role="group">
        <Text fontWeight="medium">{job.contact.contactName}</Text>
        <Link href={`mailto:${job.contact.contactEmail}`}>{job.contact.contactEmail}</Link>
        {job.contact.contactPhone && <Link href={`tel:${job.contact.contactPhone}`}>{job.contact.contactPhone}</Link>}
      </Stack>
    );
  }
  if (viewer.role === 'visitor') return <VisitorPrompt />;
  if (viewer.role !== 'provider') return null;
  if (!viewer.subscribed) {
    return (
      <BlurredContact>
        {JOB_MESSAGES.upgradeHint}{' '}
        <Link asChild color="brand.700">
          <RouterLink to={paths.membership}>Become a member</RouterLink>
        </Link>
      </BlurredContact>
    );
  }
  if (viewer.unconfirmedEmail) return <EmailConfirmationRequired email={viewer.unconfirmedEmail} about={JOB_MESSAGES.revealNeedsConfirmedEmail} />;
  return <RevealButton job={job} reveal={reveal} />;
}

function SaveJobButton({ job }: { job: Job }) {
  const save = useSaveJob();
  const saved = Boolean(job.saved);
  return (
    <Button
      size="sm"
      variant="outline"
      loading={save.isPending}
      aria-pressed={saved}
      onClick={() =>
        save.mutate(
          { jobId: job.id, save: !saved },
          {
            onSuccess: () => toaster.success({ title: saved ? JOB_MESSAGES.removed : JOB_MESSAGES.saved }),
            onError: (error) => toastFailure(error, { title: error.message }),
          },
        )
      }
    >
      {saved ? 'Unsave job' : 'Save job'}
    </Button>
  );
}

/**
 * One job on the board or in a list: details, the open lead count, contact details as the viewer may see them. Memoised:
 * a board re-rendered for its own state (the session read, a refetch that changed nothing) leaves the cards as they are.
 */
export const JobCard = memo(function JobCard({
  job,
  viewer: given,
  openHref,
  full = false,
}: {
  job: Job;
  viewer: JobViewer;
  openHref?: string;
  full?: boolean;
}) {
  // A server-rendered card hydrates as the server drew it, for nobody in particular (it cannot know who looks).
  const viewer = useHydrating() ? NOBODY_YET : given;
  return (
    <Box as="article" borderWidth="1px" borderRadius="lg" p="5" bg="bg.panel" aria-label={job.title}>
      <Stack gap="3">
        <HStack justify="space-between" align="flex-start" flexWrap="wrap">
          <Heading as="h2" size="md">
            {openHref ? (
              <Link asChild>
                <RouterLink to={openHref}>{job.title}</RouterLink>
              </Link>
            ) : (
              job.title
            )}
          </Heading>
          <LeadCount job={job} />
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {job.locationName} · Posted {formatUkDate(job.postedAt, DATE_FORMATS.numeric)}
          {job.budget && ` · ${job.budget}${job.budgetType ? ` (${BUDGET_TYPE_LABEL[job.budgetType]})` : ''}`}
        </Text>
        <Text lineClamp={full ? undefined : 3} whiteSpace="pre-line">
          {job.description}
        </Text>
        <HStack gap="2" flexWrap="wrap">
          {job.categories.map((category) => (
            // The category's own name; its group and name in full on hover.
            <chakra.span key={category} title={category} display="inline-flex">
              <StatusBadge>{categoryLabel(category)}</StatusBadge>
            </chakra.span>
          ))}
        </HStack>
        {!job.isMine && <ContactDetails job={job} viewer={viewer} />}
        {job.isMine && (
          <Text fontSize="sm">
            Your job{job.contact && ` · contact ${job.contact.contactEmail}`} ·{' '}
            <Link asChild color="brand.700">
              <RouterLink to={paths.profile}>Manage in My Jobs</RouterLink>
            </Link>
          </Text>
        )}
        {viewer.role === 'provider' && <SaveJobButton job={job} />}
      </Stack>
    </Box>
  );
});
