import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface AppDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  /** `alertdialog` for a question about something that cannot be undone. */
  role?: 'dialog' | 'alertdialog';
  /** While true, Escape and a click outside do not close it (the work in progress would be lost). */
  busy?: boolean;
  /** Wider for media and longer forms. */
  width?: 'lg' | '3xl';
}

/**
 * A titled modal dialog: focus moves into it and back to what opened it; its content mounts only
 * while open. Styled here rather than by Chakra's dialog recipe: the app's theme carries only the
 * recipes of the first page (app/theme.ts), and any recipe imported later lands in the entry chunk.
 */
export function AppDialog({ open, onOpenChange, title, children, footer, role = 'dialog', busy = false, width = 'lg' }: AppDialogProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      role={role}
      lazyMount
      unmountOnExit
      closeOnEscape={!busy}
      closeOnInteractOutside={!busy}
      // Focus leaves a modal dialog only by script: a dialog that closed as this one opened (a form and
      // its success dialog) hands focus back to its trigger, which must not close this one as well.
      onFocusOutside={(event) => event.preventDefault()}
    >
      <Portal>
        <Dialog.Backdrop position="fixed" inset="0" bg="blackAlpha.600" zIndex="modal" />
        <Dialog.Positioner position="fixed" inset="0" display="flex" alignItems="center" justifyContent="center" overflowY="auto" p="4" zIndex="modal">
          <Dialog.Content
            position="relative"
            display="flex"
            flexDirection="column"
            width="full"
            maxW={width}
            my="auto"
            bg="bg.panel"
            borderRadius="xl"
            boxShadow="lg"
            outline="0"
          >
            <Dialog.Header px="6" pt="6" pb="4" pe="12">
              <Dialog.Title fontSize="lg" fontWeight="semibold">
                {title}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body px="6" pb={footer ? '4' : '6'}>
              {children}
            </Dialog.Body>
            {footer && (
              <Dialog.Footer display="flex" justifyContent="flex-end" flexWrap="wrap" gap="3" px="6" pb="6">
                {footer}
              </Dialog.Footer>
            )}
            <Dialog.CloseTrigger asChild position="absolute" top="3" insetEnd="3" disabled={busy}>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
