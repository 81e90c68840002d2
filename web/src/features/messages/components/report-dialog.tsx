import { Button, Field, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import {
  MESSAGE_REPORT_LIMITS,
  MESSAGE_REPORT_MESSAGES,
  MESSAGE_REPORT_REASON_LABELS,
  MESSAGE_REPORT_REASONS,
  type MessageReportReason,
  messageRoutes,
} from '@solutionz/shared';
import { FieldShell } from '@/components/forms/form-field';
import { FormDialog } from '@/components/ui/form-dialog';
import { toaster } from '@/components/ui/toaster';
import { ApiError, apiRequest } from '@/lib/api-client';

export interface ReportConversationProps {
  conversationId: string;
  /** The other person, as the thread names them. */
  otherName: string;
}

/**
 * "Report" beside Block: a dialog asking what is wrong (a reason from a short list, an optional note) that
 * sends the conversation, with its last messages, to the admins.
 */
export function ReportConversation({ conversationId, otherName }: ReportConversationProps) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<MessageReportReason | ''>('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ reason?: string | undefined; note?: string | undefined; form?: string | undefined }>({});
  const report = useMutation({
    mutationFn: (body: { reason: MessageReportReason; note: string }) => apiRequest(messageRoutes.reportConversation, { params: { conversationId }, body }),
  });

  const close = () => {
    setOpen(false);
    setReason('');
    setNote('');
    setErrors({});
    report.reset();
  };

  const submit = () => {
    if (!reason) {
      setErrors({ reason: MESSAGE_REPORT_MESSAGES.reasonRequired });
      return;
    }
    setErrors({});
    report.mutate(
      { reason, note },
      {
        onSuccess: () => {
          toaster.success({ title: 'Conversation reported', description: MESSAGE_REPORT_MESSAGES.reported });
          close();
        },
        onError: (failure) =>
          setErrors(
            failure instanceof ApiError
              ? {
                  reason: failure.fieldMessage('reason'),
                  note: failure.fieldMessage('note'),
                  form: failure.fieldMessage('reason') || failure.fieldMessage('note') ? undefined : failure.message,
                }
              : { form: 'Not sent. Check your connection and try again.' },
          ),
      },
    );
  };

  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        Report
      </Button>
      <FormDialog
        open={open}
        title="Report this conversation"
        submitLabel="Send report"
        busyLabel="Sending…"
        busy={report.isPending}
        danger
        onClose={close}
        onSubmit={submit}
      >
        <Stack gap="4">
          <Text>
            Our team will read the last {MESSAGE_REPORT_LIMITS.snapshotMessages} messages of your conversation with {otherName}. {otherName} is not told who
            reported it.
          </Text>
          <FieldShell label="What is wrong?" required error={errors.reason}>
            <NativeSelect.Root>
              <NativeSelect.Field value={reason} onChange={(event) => setReason(event.currentTarget.value as MessageReportReason)}>
                <option value="" disabled>
                  Choose a reason
                </option>
                {MESSAGE_REPORT_REASONS.map((code) => (
                  <option key={code} value={code}>
                    {MESSAGE_REPORT_REASON_LABELS[code]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FieldShell>
          <Field.Root invalid={Boolean(errors.note)}>
            <Field.Label>Anything else we should know (optional)</Field.Label>
            <Textarea value={note} onChange={(event) => setNote(event.target.value)} rows={3} maxLength={MESSAGE_REPORT_LIMITS.noteMax} />
            {errors.note ? (
              <Field.ErrorText color="red.700">{errors.note}</Field.ErrorText>
            ) : (
              <Field.HelperText>{`${note.length} / ${MESSAGE_REPORT_LIMITS.noteMax}`}</Field.HelperText>
            )}
          </Field.Root>
          {errors.form && (
            <Text role="alert" color="red.700">
              {errors.form}
            </Text>
          )}
        </Stack>
      </FormDialog>
    </>
  );
}
