import { chakra, List, Text } from '@chakra-ui/react';
import { ADMIN_AUDIT_ACTION_LABELS, ADMIN_AUDIT_STATE_LABELS, ADMIN_REASON_LABELS, type AdminAuditEntry } from '@solutionz/shared';
import { StatusBadge } from '@/components/ui/status-badge';
import { relativeTimeText } from '@/lib/relative-time';

/**
 * Audit entries as sentences: who did what to whom, when, and why; an action of many steps that has not
 * finished says so. A person whose account was erased reads as "Deleted user" and a pseudonym, the same
 * in each of their entries.
 */
export function ActivityList({ entries, now = new Date() }: { entries: readonly AdminAuditEntry[]; now?: Date }) {
  return (
    <List.Root variant="plain" gap="3">
      {entries.map((entry) => (
        <List.Item key={entry.id} display="block" borderBottomWidth="1px" pb="3" _last={{ borderBottomWidth: 0, pb: 0 }}>
          <Text overflowWrap="anywhere">
            <Text as="span" fontWeight="semibold">
              {entry.actor.name}
            </Text>{' '}
            {ADMIN_AUDIT_ACTION_LABELS[entry.action]}:{' '}
            <Text as="span" fontWeight="medium">
              {entry.target.label}
            </Text>
            {entry.state === 'started' && (
              <>
                {' '}
                <StatusBadge tone="orange">{ADMIN_AUDIT_STATE_LABELS.started}</StatusBadge>
              </>
            )}
          </Text>
          {entry.reason && (
            <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
              Reason: {ADMIN_REASON_LABELS[entry.reason.code]}
              {entry.reason.note ? ` (${entry.reason.note})` : ''}
            </Text>
          )}
          <RelativeTime at={entry.at} now={now} />
        </List.Item>
      ))}
    </List.Root>
  );
}

/** When something happened, in relative words, with the exact time for machines. */
export function RelativeTime({ at, now }: { at: string; now: Date }) {
  return (
    <chakra.time dateTime={at} display="block" fontSize="sm" color="fg.muted">
      {relativeTimeText(at, now)}
    </chakra.time>
  );
}
