import { Field, Stack, Text, Textarea } from '@chakra-ui/react';
import { useId, useState, type ReactNode } from 'react';
import {
  ADMIN_CONSOLE_MESSAGES,
  ADMIN_LIMITS,
  ADMIN_REASON_CODES,
  ADMIN_REASON_LABELS,
  adminReasonSchema,
  type AdminReason,
  type AdminReasonCode,
} from '@solutionz/shared';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SelectField } from './select-field';

const REASON_OPTIONS = ADMIN_REASON_CODES.map((code) => ({ value: code, label: ADMIN_REASON_LABELS[code] }));

export interface ReasonFieldsProps {
  code: AdminReasonCode | '';
  note: string;
  onCode: (code: AdminReasonCode) => void;
  onNote: (note: string) => void;
  errors: { code?: string | undefined; note?: string | undefined };
}

/** The reason an admin gives: one of the short list and their own words (required for "Other"); the person affected is told it. */
export function ReasonFields({ code, note, onCode, onNote, errors }: ReasonFieldsProps) {
  return (
    <Stack gap="3">
      <SelectField label="Reason" required placeholder="Choose a reason" value={code} options={REASON_OPTIONS} onChange={onCode} error={errors.code} />
      <Field.Root invalid={Boolean(errors.note)} required={code === 'other'}>
        <Field.Label>
          Details
          {code === 'other' && <Field.RequiredIndicator />}
        </Field.Label>
        <Textarea value={note} onChange={(event) => onNote(event.target.value)} rows={3} maxLength={ADMIN_LIMITS.reasonNoteMaxChars} />
        {errors.note ? (
          <Field.ErrorText color="red.700">{errors.note}</Field.ErrorText>
        ) : (
          <Field.HelperText>{ADMIN_CONSOLE_MESSAGES.reasonHint}</Field.HelperText>
        )}
      </Field.Root>
    </Stack>
  );
}

/** State and checking of the reason fields, with the shared schema, so the dialog and the API give the same messages. */
export function useReasonForm() {
  const [code, setCode] = useState<AdminReasonCode | ''>('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<ReasonFieldsProps['errors']>({});
  return {
    fields: { code, note, onCode: setCode, onNote: setNote, errors },
    /** The reason, or undefined after showing what is wrong. */
    validate(): AdminReason | undefined {
      const parsed = adminReasonSchema.safeParse({ code: code || undefined, note });
      if (parsed.success) {
        setErrors({});
        return parsed.data;
      }
      const issue = (field: string) => parsed.error.issues.find((found) => found.path[0] === field)?.message;
      setErrors({ code: issue('code'), note: issue('note') });
      return undefined;
    },
  };
}

export interface ReasonDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  onClose: () => void;
  onConfirm: (reason: AdminReason) => void;
}

/** Confirms a restrictive or destructive action and asks why. */
export function ReasonDialog({ title, children, confirmLabel, busyLabel, busy, onClose, onConfirm }: ReasonDialogProps) {
  const form = useReasonForm();
  const formId = useId();
  return (
    <ConfirmDialog title={title} onClose={onClose} busy={busy} confirmLabel={confirmLabel} busyLabel={busyLabel} form={formId}>
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const reason = form.validate();
          if (reason) onConfirm(reason);
        }}
      >
        <Stack gap="4">
          <Text>{children}</Text>
          <ReasonFields {...form.fields} />
        </Stack>
      </form>
    </ConfirmDialog>
  );
}
