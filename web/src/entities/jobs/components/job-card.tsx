import { Box, Button, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { memo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { DATE_FORMATS, JOB_MESSAGES, type Job, type MeResponse } from '@solutionz/shared';
import { EmailConfirmationRequired } from '@/components/account/email-confirmation-required';
import { toastFailure } from '@/components/ui/failure-toast';
import { StatusBadge } from '@/components/ui/status-badge';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { useRevealJob, useSaveJob } from '@/entities/jobs/api/jobs';
import { formatUkDate } from '@/lib/uk-date';

export interface JobViewer {
  isProvider: boolean;
  subscribed: boolean;
  /** The viewer's address while it is not confirmed: revealing waits for it. */
  unconfirmedEmail?: string;
}

/** How the signed-in person (their profile, once read) sees jobs' contact details. */
export function jobViewerOf(profile: MeResponse | undefined): JobViewer {
  return {
    isProvider: profile?.accountType === 'provider',
    subscribed: Boolean(profile?.subscription.isSubscribed),
    ...(profile && !profile.emailConfirmed ? { unconfirmedEmail: profile.email } : {}),
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
  if (viewer.isProvider && viewer.subscribed && viewer.unconfirmedEmail)
    return <EmailConfirmationRequired email={viewer.unconfirmedEmail} about={JOB_MESSAGES.revealNeedsConfirmedEmail} />;
  if (viewer.isProvider && viewer.subscribed) {
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
  return (
    <Stack gap="1">
      <Text aria-hidden filter="blur(4px)" userSelect="none">
        name@example.com · 07000 000000
      </Text>
      <Text fontSize="sm">
        {JOB_MESSAGES.upgradeHint}{' '}
        <Link asChild color="brand.700">
          <RouterLink to={paths.membership}>View membership</RouterLink>
        </Link>
      </Text>
    </Stack>
  );
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
export const JobCard = memo(function JobCard({ job, viewer, openHref, full = false }: { job: Job; viewer: JobViewer; openHref?: string; full?: boolean }) {
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
            <StatusBadge key={category}>{category}</StatusBadge>
          ))}
        </HStack>
        {!job.isMine && <ContactDetails job={job} viewer={viewer} />}
        {job.isMine && job.contact && <Text fontSize="sm">Your job · contact {job.contact.contactEmail}</Text>}
        {viewer.isProvider && <SaveJobButton job={job} />}
      </Stack>
    </Box>
  );
});
