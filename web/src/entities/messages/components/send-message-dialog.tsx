import { Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MESSAGING_MESSAGES, type StartConversationInput } from '@solutionz/shared';
import { FormDialog } from '@/components/ui/form-dialog';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { sendFailureText, useStartConversation } from '../api/messages';
import { MessageField } from './message-field';

export interface SendMessageDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Who the message goes to, as the page names them. */
  recipientName: string;
  /** The provider written to (a client writing), or the job whose poster is written to (a provider). */
  to: Pick<StartConversationInput, 'providerId' | 'jobId'>;
}

/**
 * The first message to someone (docs/product/messages.md#who-can-write-to-whom): sent into the pair's one conversation, which then opens in
 * /messages. What is wrong is said beside the text, in the API's words.
 */
export function SendMessageDialog({ open, onOpenChange, recipientName, to }: SendMessageDialogProps) {
  const start = useStartConversation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  // One id per message written: a retry after a lost answer is stored once.
  const [messageId, setMessageId] = useState(() => crypto.randomUUID());

  const submit = () => {
    if (start.isPending) return;
    if (!text.trim()) {
      setError(MESSAGING_MESSAGES.textRequired);
      return;
    }
    setError(undefined);
    start.mutate(
      { ...to, messageId, text },
      {
        onSuccess: (sent) => {
          toaster.success({ title: 'Message sent' });
          setText('');
          setMessageId(crypto.randomUUID());
          onOpenChange(false);
          void navigate(paths.conversation(sent.conversationId));
        },
        onError: (failure) => setError(sendFailureText(failure, 'Your message could not be sent. Please try again.')),
      },
    );
  };

  return (
    <FormDialog
      open={open}
      title={`Message ${recipientName}`}
      submitLabel="Send Message"
      busyLabel="Sending…"
      busy={start.isPending}
      onClose={() => onOpenChange(false)}
      onSubmit={submit}
    >
      <Stack gap="3">
        <Text color="fg.muted">Your message starts a conversation in Messages, where you will see their answer.</Text>
        <MessageField label="Your message" value={text} onChange={setText} error={error} onSubmitShortcut={submit} />
      </Stack>
    </FormDialog>
  );
}
