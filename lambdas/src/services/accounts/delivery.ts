import { EMAIL_RESEND_COUNTDOWN_S, emailFailureMessage, type ConfirmationEmailStatus, type EmailFailureCategory } from '@solutionz/shared';
import { MailDeliveryError, type Mailer, type OutgoingMail } from '../../adapters/ses-mailer';
import { EmailDeliveryError, RateLimitedError } from '../../errors';

function failureOf(error: unknown): { category: EmailFailureCategory; message: string } {
  if (error instanceof MailDeliveryError) return { category: error.category, message: emailFailureMessage(error.category, error.message) };
  return { category: 'UNKNOWN', message: emailFailureMessage('UNKNOWN', '') };
}

/** Sends, and reports a failure as data: used where the account stands whether or not the mail went. */
export async function trySend(mailer: Mailer, mail: OutgoingMail): Promise<ConfirmationEmailStatus> {
  try {
    await mailer.send(mail);
    return { sent: true };
  } catch (error) {
    return { sent: false, ...failureOf(error) };
  }
}

/** Sends, and turns a failure into the API error whose `category` the page shows (docs/product/accounts.md#e-mail-delivery-failures). */
export async function sendOrThrow(mailer: Mailer, mail: OutgoingMail): Promise<void> {
  try {
    await mailer.send(mail);
  } catch (error) {
    const { category, message } = failureOf(error);
    if (category === 'RATE_LIMIT') throw new RateLimitedError(message, EMAIL_RESEND_COUNTDOWN_S, category);
    throw new EmailDeliveryError(category, message, { cause: error });
  }
}
