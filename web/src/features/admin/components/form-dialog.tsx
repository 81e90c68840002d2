import { Button } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';
import { AppDialog, type AppDialogProps } from '@/components/ui/app-dialog';

export interface FormDialogProps {
  title: string;
  children: ReactNode;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  onClose: () => void;
  /** The form was submitted (Enter in a field, or the submit button); the dialog checks nothing itself. */
  onSubmit: () => void;
  submitDisabled?: boolean;
  width?: AppDialogProps['width'];
}

/** A dialog holding one form: Cancel, and a submit button in the footer that belongs to the form. */
export function FormDialog({ title, children, submitLabel, busyLabel, busy, onClose, onSubmit, submitDisabled = false, width }: FormDialogProps) {
  const formId = useId();
  return (
    <AppDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      busy={busy}
      {...(width ? { width } : {})}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={submitDisabled} loading={busy} loadingText={busyLabel}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {children}
      </form>
    </AppDialog>
  );
}
