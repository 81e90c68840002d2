import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import {
  ADMIN_CONSOLE_MESSAGES,
  adminUserUpdateSchema,
  MESSAGE_REPORT_REASON_LABELS,
  ROLE_LABELS,
  type AdminUserRecord,
  type AdminUserSummary,
  type MessageReportReason,
} from '@solutionz/shared';
import { FormErrorAlert } from '@/components/forms/form-error-alert';
import { FormField } from '@/components/forms/form-field';
import { AppDialog } from '@/components/ui/app-dialog';
import { toastFailure } from '@/components/ui/failure-toast';
import { toaster } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-client';
import { useAdminAudit, useAdminUser, useUpdateUser } from '../api/admin-api';
import { ActivityList } from './activity-list';
import { FormDialog } from '@/components/ui/form-dialog';
import { LoadFailed } from '@/components/errors/load-failed';
import { EmptyState, LoadingRows } from './load-states';
import { SelectField } from './select-field';
import { emailText, listingText } from './user-text';

const dateTime = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : '—');

/** Whether the person may send messages: stopped by an admin after a report (since when, which report), or allowed. */
function messagingText(ban: AdminUserRecord['messagingBan']): string {
  if (!ban) return 'Allowed';
  const reason = ban.reportReason ? (MESSAGE_REPORT_REASON_LABELS[ban.reportReason as MessageReportReason] ?? ban.reportReason) : undefined;
  return `Stopped since ${dateTime(ban.since)}, after a report${reason ? ` (${reason})` : ''}\nReport ${ban.reportId}`;
}

function recordRows(user: AdminUserRecord): [string, string][] {
  return [
    ['User ID', user.userId],
    ['First name', user.firstName || '—'],
    ['Last name', user.lastName || '—'],
    ['Email', emailText(user)],
    ['Account type', ROLE_LABELS[user.accountType]],
    ['Business name', user.businessName ?? '—'],
    ['Location', user.location ?? '—'],
    ['Phone number', user.phoneNumber ?? '—'],
    ['Bio', user.bio ?? '—'],
    ['Categories', user.categories.join(', ') || '—'],
    ['Status', user.isActive ? 'Active' : 'Inactive'],
    ['Visibility', user.isVisible ? 'Visible' : 'Hidden'],
    ['Listing', listingText(user)],
    ['Messaging', messagingText(user.messagingBan)],
    ['Profile image', user.avatarUrl ?? '—'],
    ['Created', dateTime(user.createdAt)],
    ['Updated', dateTime(user.updatedAt)],
  ];
}

/** What admins have done with this account, newest first, with their reasons: reads of the record included. */
function UserHistory({ userId }: { userId: string }) {
  const audit = useAdminAudit(userId);
  return (
    <Box as="section" aria-label="Admin history" mt="6">
      <Heading as="h3" size="sm" mb="3">
        Admin history
      </Heading>
      {audit.isPending ? (
        <LoadingRows label="Loading the history" rows={2} />
      ) : audit.isError ? (
        <LoadFailed message={ADMIN_CONSOLE_MESSAGES.auditFailed} onRetry={() => void audit.refetch()} />
      ) : audit.data.entries.length === 0 ? (
        <EmptyState>No admin actions on this account.</EmptyState>
      ) : (
        <ActivityList entries={audit.data.entries} />
      )}
    </Box>
  );
}

/** View: every field of the admin user record, and the audit trail about the account. */
export function ViewUserDialog({ userId, onClose }: { userId: string; onClose: () => void }) {
  const user = useAdminUser(userId);
  return (
    <AppDialog open onOpenChange={(open) => !open && onClose()} title="User details" width="3xl">
      {user.isPending ? (
        <LoadingRows label="Loading the user" />
      ) : user.isError ? (
        <LoadFailed
          message={
            user.error instanceof ApiError && user.error.status === 404 ? ADMIN_CONSOLE_MESSAGES.users.notFound : ADMIN_CONSOLE_MESSAGES.users.loadFailed
          }
          onRetry={() => void user.refetch()}
        />
      ) : (
        <Box as="dl" display="grid" gridTemplateColumns={{ base: '1fr', sm: '10rem 1fr' }} columnGap="4" rowGap={{ base: '1', sm: '2' }}>
          {recordRows(user.data).map(([label, value]) => (
            <Box key={label} display="contents">
              <Text as="dt" fontWeight="semibold" mt={{ base: '2', sm: '0' }}>
                {label}
              </Text>
              <Text as="dd" overflowWrap="anywhere" whiteSpace="pre-line">
                {value}
              </Text>
            </Box>
          ))}
        </Box>
      )}
      {/* Read once the record is: the history then includes this very reading of it. */}
      {user.isSuccess && <UserHistory userId={userId} />}
    </AppDialog>
  );
}

const TYPE_OPTIONS = (['client', 'provider'] as const).map((type) => ({ value: type, label: ROLE_LABELS[type] }));

/** Edit: names (both required) and, for clients and providers, the account type; the API says why a type change cannot be made (409). */
export function EditUserDialog({ user, onClose }: { user: AdminUserSummary; onClose: () => void }) {
  const update = useUpdateUser();
  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.lastName);
  const [accountType, setAccountType] = useState(user.accountType);
  const [errors, setErrors] = useState<{ firstName?: string | undefined; lastName?: string | undefined }>({});
  const [conflict, setConflict] = useState<string>();

  function submit() {
    const body = { firstName, lastName, ...(accountType !== 'admin' && accountType !== user.accountType ? { accountType } : {}) };
    const parsed = adminUserUpdateSchema.safeParse(body);
    if (!parsed.success) {
      const issue = (field: string) => parsed.error.issues.find((found) => found.path[0] === field)?.message;
      setErrors({ firstName: issue('firstName'), lastName: issue('lastName') });
      return;
    }
    setErrors({});
    setConflict(undefined);
    update.mutate(
      { userId: user.userId, body: parsed.data },
      {
        onSuccess: () => {
          toaster.success({ title: ADMIN_CONSOLE_MESSAGES.users.updated });
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) setConflict(error.message);
          else toastFailure(error, { title: ADMIN_CONSOLE_MESSAGES.users.updateFailed, description: error instanceof ApiError ? error.message : undefined });
        },
      },
    );
  }

  return (
    <FormDialog title="Edit user" submitLabel="Save changes" busyLabel="Saving..." busy={update.isPending} onClose={onClose} onSubmit={submit}>
      <Stack gap="4">
        <FormField label="First name" required value={firstName} onChange={(event) => setFirstName(event.target.value)} error={errors.firstName} />
        <FormField label="Last name" required value={lastName} onChange={(event) => setLastName(event.target.value)} error={errors.lastName} />
        {user.accountType === 'admin' ? (
          <Text fontSize="sm" color="fg.muted">
            Account type: {ROLE_LABELS.admin} (cannot be changed here)
          </Text>
        ) : (
          <SelectField label="Account type" value={accountType} options={TYPE_OPTIONS} onChange={setAccountType} />
        )}
        <FormErrorAlert message={conflict} />
      </Stack>
    </FormDialog>
  );
}

/** Confirms lifting the messaging ban an admin put on the person after a report; they are e-mailed that they may write again. */
export function AllowMessagingDialog({
  name,
  ban,
  busy,
  onClose,
  onConfirm,
}: {
  name: string;
  ban: NonNullable<AdminUserSummary['messagingBan']>;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <FormDialog title="Allow messaging again" submitLabel="Allow messaging" busyLabel="Allowing..." busy={busy} onClose={onClose} onSubmit={onConfirm}>
      <Stack gap="3">
        <Text overflowWrap="anywhere">
          An admin stopped {name} sending messages on {dateTime(ban.since)}, after report {ban.reportId}.
        </Text>
        <Text>They will be able to write to anyone again, and are e-mailed that they can.</Text>
      </Stack>
    </FormDialog>
  );
}
