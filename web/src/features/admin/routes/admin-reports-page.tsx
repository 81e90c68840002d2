import { Box, Button, Container, Field, Heading, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { format } from 'date-fns';
import { useId, useState } from 'react';
import {
  ADMIN_LIMITS,
  ADMIN_REPORT_MESSAGES,
  MESSAGE_REPORT_REASON_LABELS,
  PRODUCT_NAME,
  type AdminReason,
  type AdminReport,
  type AdminReportAction,
} from '@solutionz/shared';
import { StatusBadge } from '@/components/ui/status-badge';
import { toastFailure } from '@/components/ui/failure-toast';
import { toaster } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAdminReports, useResolveReport } from '../api/admin-api';
import { CursorPager, useCursorPages } from '../components/cursor-pager';
import { FormDialog } from '@/components/ui/form-dialog';
import { LoadFailed } from '@/components/errors/load-failed';
import { EmptyState, LoadingRows } from '../components/load-states';
import { ReasonDialog } from '../components/reason-dialog';

const M = ADMIN_REPORT_MESSAGES;
const ROLE_LABELS = { client: 'client', provider: 'provider' } as const;
const DONE: Readonly<Record<AdminReportAction, string>> = { dismiss: M.dismissed, blockMessaging: M.blockedMessaging, deactivate: M.deactivated };

type Dialog = { kind: AdminReportAction; report: AdminReport };

const when = (at: string) => format(new Date(at), 'd MMM yyyy, HH:mm');
const failureText = (error: unknown) => (error instanceof ApiError ? error.message : undefined);

/** The messages as they were when the report was made, oldest first, shown on demand. */
function Snapshot({ report }: { report: AdminReport }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <Stack gap="2">
      <Button
        size="sm"
        variant="ghost"
        alignSelf="flex-start"
        px="0"
        color="brand.fg"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        {open ? 'Hide the messages' : `Show the ${report.messages.length} messages`}
      </Button>
      {open && (
        <Stack as="ol" id={listId} gap="2" listStyleType="none" aria-label={`Messages reported by ${report.reporter.name}`} borderLeftWidth="2px" ps="3">
          {report.messages.map((message, index) => (
            <Box as="li" key={`${message.sentAt}-${index}`}>
              <Text fontSize="sm" color="fg.muted">
                {message.senderName} ({ROLE_LABELS[message.senderRole]}
                {message.fromReporter ? ', reporter' : ''}) · {when(message.sentAt)}
              </Text>
              <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
                {message.text}
              </Text>
            </Box>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function ReportItem({ report, onOpen }: { report: AdminReport; onOpen: (dialog: Dialog) => void }) {
  const { reported, reporter } = report;
  return (
    <Box as="article" aria-label={`Report about ${reported.name}`} borderWidth="1px" borderRadius="lg" p={{ base: '4', md: '5' }} bg="bg">
      <Stack gap="2">
        <HStack justify="space-between" align="flex-start" gap="3" flexWrap="wrap">
          <Stack gap="0" minW="0">
            <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
              Reported by {reporter.name} ({ROLE_LABELS[reporter.role]}) on {when(report.createdAt)}
            </Text>
            <Heading as="h2" size="md" overflowWrap="anywhere">
              {reported.name} ({ROLE_LABELS[reported.role]})
            </Heading>
          </Stack>
          <StatusBadge tone="orange">{MESSAGE_REPORT_REASON_LABELS[report.reason]}</StatusBadge>
        </HStack>
        {report.note && (
          <Text whiteSpace="pre-line" overflowWrap="anywhere">
            “{report.note}”
          </Text>
        )}
        {(reported.deleted || !reported.isActive || reported.messagingBlocked) && (
          <Text fontSize="sm" color="fg.muted">
            {reported.deleted ? 'This account was deleted.' : !reported.isActive ? 'This account is deactivated.' : 'This person can no longer send messages.'}
          </Text>
        )}
        <Snapshot report={report} />
        <HStack gap="2" flexWrap="wrap" pt="1">
          <Button size="sm" variant="outline" onClick={() => onOpen({ kind: 'dismiss', report })}>
            Dismiss
          </Button>
          <Button
            size="sm"
            variant="outline"
            colorPalette="red"
            disabled={reported.deleted || reported.messagingBlocked}
            onClick={() => onOpen({ kind: 'blockMessaging', report })}
          >
            Stop messaging
          </Button>
          <Button
            size="sm"
            variant="outline"
            colorPalette="red"
            disabled={reported.deleted || !reported.isActive}
            onClick={() => onOpen({ kind: 'deactivate', report })}
          >
            Deactivate account
          </Button>
        </HStack>
      </Stack>
    </Box>
  );
}

/** Dismissing asks only for an optional note, kept in the audit trail. */
function DismissDialog({ report, busy, onClose, onConfirm }: { report: AdminReport; busy: boolean; onClose: () => void; onConfirm: (note: string) => void }) {
  const [note, setNote] = useState('');
  return (
    <FormDialog title="Dismiss report" submitLabel="Dismiss" busyLabel="Dismissing..." busy={busy} onClose={onClose} onSubmit={() => onConfirm(note)}>
      <Stack gap="4">
        <Text>The report about {report.reported.name} leaves the queue; nobody is told.</Text>
        <Field.Root>
          <Field.Label>Note (optional)</Field.Label>
          <Textarea value={note} onChange={(event) => setNote(event.target.value)} rows={3} maxLength={ADMIN_LIMITS.reasonNoteMaxChars} />
          <Field.HelperText>Kept with the report in the activity log.</Field.HelperText>
        </Field.Root>
      </Stack>
    </FormDialog>
  );
}

/** /admin/reports: the open conversation reports, newest first, with their messages; dismiss, stop the person messaging, or deactivate them. */
export function AdminReportsPage() {
  useDocumentTitle(`${M.title} | ${PRODUCT_NAME}`);
  const pages = useCursorPages();
  const reports = useAdminReports(pages.cursor);
  const resolve = useResolveReport();
  const [dialog, setDialog] = useState<Dialog>();
  const close = () => setDialog(undefined);

  function handle(report: AdminReport, action: AdminReportAction, extra: { note?: string; reason?: AdminReason }) {
    resolve.mutate(
      { reportId: report.reportId, action, ...extra },
      {
        onSuccess: () => {
          toaster.success({ title: DONE[action] });
          close();
        },
        onError: (error) => toastFailure(error, { title: M.actionFailed, description: failureText(error) }),
      },
    );
  }

  return (
    <Container maxW="4xl" py={{ base: '6', md: '10' }} px={{ base: '4', md: '6' }}>
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            {M.title}
          </Heading>
          {reports.data && (
            <Text color="fg.muted" aria-live="polite">
              {reports.data.openCount === 1 ? '1 open report' : `${reports.data.openCount.toLocaleString('en-GB')} open reports`}
            </Text>
          )}
        </Stack>
        {reports.isPending ? (
          <LoadingRows label="Loading reports" />
        ) : reports.isError ? (
          <LoadFailed message={M.loadFailed} error={reports.error} onRetry={() => void reports.refetch()} />
        ) : reports.data.reports.length === 0 ? (
          <EmptyState>{M.empty}</EmptyState>
        ) : (
          <Stack gap="4" aria-busy={reports.isFetching}>
            {reports.data.reports.map((report) => (
              <ReportItem key={report.reportId} report={report} onOpen={setDialog} />
            ))}
            <CursorPager
              label="Report pages"
              page={pages.page}
              nextCursor={reports.data.nextCursor}
              busy={reports.isFetching}
              onPrevious={pages.previous}
              onNext={pages.next}
            />
          </Stack>
        )}
      </Stack>
      {dialog?.kind === 'dismiss' && (
        <DismissDialog report={dialog.report} busy={resolve.isPending} onClose={close} onConfirm={(note) => handle(dialog.report, 'dismiss', { note })} />
      )}
      {dialog?.kind === 'blockMessaging' && (
        <ReasonDialog
          title="Stop this person messaging"
          confirmLabel="Stop messaging"
          busyLabel="Stopping..."
          busy={resolve.isPending}
          onClose={close}
          onConfirm={(reason) => handle(dialog.report, 'blockMessaging', { reason })}
        >
          {dialog.report.reported.name} can still read their conversations but can no longer send a message to anyone.
        </ReasonDialog>
      )}
      {dialog?.kind === 'deactivate' && (
        <ReasonDialog
          title="Deactivate account"
          confirmLabel="Deactivate"
          busyLabel="Deactivating..."
          busy={resolve.isPending}
          onClose={close}
          onConfirm={(reason) => handle(dialog.report, 'deactivate', { reason })}
        >
          {dialog.report.reported.name} is signed out everywhere, can no longer sign in and leaves the directory. They are e-mailed the reason.
        </ReasonDialog>
      )}
    </Container>
  );
}
