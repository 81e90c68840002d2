import { Button } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';
import { AppDialog, type AppDialogProps } from './app-dialog';

export interface FormDialogProps {
  title: string;
  children: ReactNode;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  onClose: () => void;
  /** The form was submitted (Enter in a field, or the submit button); the dialog checks nothing itself. */
  onSubmit: () => void;
  /** Rendered only while open (the default), or kept mounted and opened by this. */
  open?: boolean;
  submitDisabled?: boolean;
  /** The submit button in red: what it sends is about someone (a report). */
  danger?: boolean;
  width?: AppDialogProps['width'];
}

/** A dialog holding one form: Cancel, and a submit button in the footer that belongs to the form. */
export function FormDialog({
  title,
  children,
  submitLabel,
  busyLabel,
  busy,
  onClose,
  onSubmit,
  open = true,
  submitDisabled = false,
  danger = false,
  width,
}: FormDialogProps) {
  const formId = useId();
  return (
    <AppDialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={title}
      busy={busy}
      {...(width ? { width } : {})}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={formId}
            disabled={submitDisabled}
            loading={busy}
            loadingText={busyLabel}
            {...(danger ? { colorPalette: 'red', _hover: { bg: 'red.700' } } : {})}
          >
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
