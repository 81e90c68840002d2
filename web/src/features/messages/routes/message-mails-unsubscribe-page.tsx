import { useMutation } from '@tanstack/react-query';
import { MESSAGE_MAILS_MESSAGES, messageRoutes } from '@solutionz/shared';
import { UnsubscribeLinkPage } from '@/components/notifications/unsubscribe-link-page';
import { apiRequest } from '@/lib/api-client';

const TEXTS = {
  title: 'Message e-mails',
  unsubscribed: MESSAGE_MAILS_MESSAGES.unsubscribed,
  offer: 'Stop the e-mails about new messages? New messages will still wait for you on the site.',
  action: 'Turn message e-mails off',
  working: 'Turning message e-mails off...',
  done: 'New messages will wait for you on the site. You can turn message e-mails on again in your notification settings.',
  invalid: MESSAGE_MAILS_MESSAGES.unsubscribeInvalid,
};

/** /message-mails/unsubscribe?token=: the link of a message mail; its button turns the person's message e-mails off, signed out. */
export function MessageMailsUnsubscribePage() {
  const unsubscribe = useMutation({ mutationFn: (token: string) => apiRequest(messageRoutes.unsubscribeMessageMails, { body: { token } }) });
  return <UnsubscribeLinkPage texts={TEXTS} unsubscribe={unsubscribe} />;
}
