import { Button } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { AppDialog } from './app-dialog';

export interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  onClose: () => void;
  /** True while the confirmed action runs: the buttons wait and the dialog stays open. */
  busy: boolean;
  cancelLabel?: string;
  confirmLabel: string;
  busyLabel: string;
  /** The action; or, with `form`, the confirm button submits that form instead. */
  onConfirm?: () => void;
  form?: string;
}

/** An open alert dialog asking to confirm something that cannot be undone: keep (cancel) or go ahead, in red. */
export function ConfirmDialog({ title, children, onClose, busy, cancelLabel = 'Cancel', confirmLabel, busyLabel, onConfirm, form }: ConfirmDialogProps) {
  return (
    <AppDialog
      open
      role="alertdialog"
      onOpenChange={(open) => !open && onClose()}
      title={title}
      busy={busy}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button
            {...(form ? { type: 'submit', form } : { onClick: onConfirm })}
            colorPalette="red"
            _hover={{ bg: 'red.700' }}
            loading={busy}
            loadingText={busyLabel}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </AppDialog>
  );
}
