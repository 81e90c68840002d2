export { MessagesPage } from './messages-page';
export { MessageMailsUnsubscribePage } from './message-mails-unsubscribe-page';
