import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { CREDENTIAL_REMINDER_MAIL_MESSAGES, MESSAGE_MAILS_MESSAGES, messageRoutes } from '@solutionz/shared';
import { UnsubscribeLinkPage, type UnsubscribeTexts } from '@/components/notifications/unsubscribe-link-page';
import { apiRequest } from '@/lib/api-client';

const MESSAGE_TEXTS: UnsubscribeTexts = {
  title: 'Message e-mails',
  unsubscribed: MESSAGE_MAILS_MESSAGES.unsubscribed,
  offer: 'Stop the e-mails about new messages? New messages will still wait for you on the site.',
  action: 'Turn message e-mails off',
  working: 'Turning message e-mails off...',
  done: 'New messages will wait for you on the site. You can turn message e-mails on again in your notification settings.',
  invalid: MESSAGE_MAILS_MESSAGES.unsubscribeInvalid,
};

const CREDENTIAL_REMINDER_TEXTS: UnsubscribeTexts = {
  title: 'Credential reminders',
  unsubscribed: CREDENTIAL_REMINDER_MAIL_MESSAGES.unsubscribed,
  offer: 'Stop the e-mails 30 and 7 days before a checked credential expires? Your credentials page still shows each expiry date.',
  action: 'Turn credential reminders off',
  working: 'Turning credential reminders off...',
  done: 'You can turn credential reminders on again in your notification settings.',
  invalid: CREDENTIAL_REMINDER_MAIL_MESSAGES.unsubscribeInvalid,
};

/**
 * /message-mails/unsubscribe?token=: the link of a message mail; its button turns the person's message e-mails off, signed out.
 * With `mail=credential-reminders` (the credential expiry reminder's link, the same token) it turns those reminders off instead.
 */
export function MessageMailsUnsubscribePage() {
  const [params] = useSearchParams();
  const mail = params.get('mail') === 'credential-reminders' ? 'credential-reminders' : undefined;
  const unsubscribe = useMutation({
    mutationFn: (token: string) => apiRequest(messageRoutes.unsubscribeMessageMails, { body: mail ? { token, mail } : { token } }),
  });
  return <UnsubscribeLinkPage texts={mail ? CREDENTIAL_REMINDER_TEXTS : MESSAGE_TEXTS} unsubscribe={unsubscribe} />;
}
