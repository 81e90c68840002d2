import { createHash } from 'node:crypto';
import { ADMIN_REASON_LABELS, escapeHtml, PRODUCT_NAME, type AdminReason } from '@solutionz/shared';
import type { OutgoingMail } from '../../adapters/ses-mailer';
import { trySend } from '../accounts/delivery';
import type { AdminConsoleDeps } from './deps';

/** What an admin did that the person affected is told of. */
export type ModerationNotice =
  | { readonly kind: 'deactivated' | 'hidden' | 'deleted' | 'messaging-stopped' }
  | { readonly kind: 'reactivated' | 'shown' | 'messaging-allowed' }
  | { readonly kind: 'feedback-unpublished' | 'feedback-edited' | 'feedback-deleted'; readonly title: string; readonly providerName: string }
  | { readonly kind: 'credential-rejected'; readonly title: string };

/** Statements to one address a day at most: an admin toggling an account cannot flood its owner. */
const NOTICES_PER_DAY = 5;
const DAY_S = 86_400;

function noticeText(notice: ModerationNotice): { subject: string; what: string } {
  switch (notice.kind) {
    case 'deactivated':
      return {
        subject: `Your ${PRODUCT_NAME} account has been deactivated`,
        what: `An administrator deactivated your ${PRODUCT_NAME} account. You cannot sign in, and your profile is not shown in the directory.`,
      };
    case 'reactivated':
      return {
        subject: `Your ${PRODUCT_NAME} account is active again`,
        what: `An administrator reactivated your ${PRODUCT_NAME} account. You can sign in again.`,
      };
    case 'hidden':
      return {
        subject: `Your ${PRODUCT_NAME} profile is hidden from the directory`,
        what: `An administrator hid your profile from the ${PRODUCT_NAME} directory. Your account still works.`,
      };
    case 'shown':
      return {
        subject: `Your ${PRODUCT_NAME} profile is visible again`,
        what: `An administrator made your profile visible in the ${PRODUCT_NAME} directory again.`,
      };
    case 'deleted':
      return {
        subject: `Your ${PRODUCT_NAME} account was deleted`,
        what: `An administrator deleted your ${PRODUCT_NAME} account, with your profile and the data we held about you.`,
      };
    case 'messaging-stopped':
      return {
        subject: `You can no longer send messages on ${PRODUCT_NAME}`,
        what: `After a report about one of your conversations, an administrator stopped you sending messages on ${PRODUCT_NAME}. You can still read your conversations.`,
      };
    case 'messaging-allowed':
      return {
        subject: `You can send messages on ${PRODUCT_NAME} again`,
        what: `An administrator looked at your account again and allowed you to send messages on ${PRODUCT_NAME} again.`,
      };
    case 'feedback-unpublished':
      return {
        subject: 'Your feedback was unpublished',
        what: `An administrator unpublished your feedback "${notice.title}" for ${notice.providerName}. It is no longer shown on their page.`,
      };
    case 'feedback-edited':
      return { subject: 'Your feedback was edited', what: `An administrator edited your feedback "${notice.title}" for ${notice.providerName}.` };
    case 'feedback-deleted':
      return { subject: 'Your feedback was deleted', what: `An administrator deleted your feedback "${notice.title}" for ${notice.providerName}.` };
    case 'credential-rejected':
      return {
        subject: `Your credential was not verified`,
        what: `An administrator checked your credential "${notice.title}" and could not verify it. It is not shown on your profile. You can correct it or upload a clearer document in your account settings.`,
      };
  }
}

function moderationMail(to: string, notice: ModerationNotice, reason: AdminReason | undefined): OutgoingMail {
  const { subject, what } = noticeText(notice);
  const why = reason ? `Reason: ${ADMIN_REASON_LABELS[reason.code]}${reason.note ? ` - ${reason.note}` : ''}` : '';
  const reply = 'If you think this is a mistake, reply to this email and a person will look at it again.';
  return {
    to,
    subject,
    text: [what, why, reply, PRODUCT_NAME].filter(Boolean).join('\n\n'),
    html: [what, why, reply, PRODUCT_NAME]
      .filter(Boolean)
      .map((line) => `<p>${escapeHtml(line)}</p>`)
      .join(''),
  };
}

/**
 * Tells the person affected what was done and why. The action stands whether or not the mail goes
 * (a failed or capped statement is not an error of the action); answers whether it was sent.
 */
export async function notifyAffected(
  deps: Pick<AdminConsoleDeps, 'mailer' | 'rateLimits' | 'clock'>,
  to: string | undefined,
  notice: ModerationNotice,
  reason: AdminReason | undefined,
): Promise<boolean> {
  if (!to) return false;
  const digest = createHash('sha256').update(to.toLowerCase(), 'utf8').digest('hex');
  const quota = await deps.rateLimits.takeQuota('moderation-notice', digest, NOTICES_PER_DAY, DAY_S, deps.clock());
  if (!quota.taken) return false;
  return (await trySend(deps.mailer, moderationMail(to, notice, reason))).sent;
}
