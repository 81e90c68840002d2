import {
  categoryLabel,
  CLAIM_CANCEL_PATH,
  CLAIM_COMPLETE_PATH,
  escapeHtml,
  JOB_ALERT_ONE_CLICK_PATH,
  JOB_ALERT_UNSUBSCRIBE_PATH,
  MESSAGE_MAIL_LIMITS,
  MESSAGE_MAILS_ONE_CLICK_PATH,
  MESSAGE_MAILS_UNSUBSCRIBE_PATH,
  PRODUCT_NAME,
  PROVIDER_UPDATES_ONE_CLICK_PATH,
  PROVIDER_UPDATES_UNSUBSCRIBE_PATH,
  TOKEN_TTL,
  type JobBudgetType,
  type ProviderNewsKind,
} from '@solutionz/shared';
import type { OutgoingMail } from '../../adapters/ses-mailer';

function linkMail(to: string, subject: string, intro: string, action: string, link: string, outro: string): OutgoingMail {
  return {
    to,
    subject,
    text: `${intro}\n\n${action}: ${link}\n\n${outro}\n\n${PRODUCT_NAME}`,
    html:
      `<p>${escapeHtml(intro)}</p>` +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>` +
      `<p>If the button does not work, paste this address into your browser:<br>${escapeHtml(link)}</p>` +
      `<p>${escapeHtml(outro)}</p><p>${PRODUCT_NAME}</p>`,
  };
}

export function confirmationMail(to: string, siteUrl: string, token: string): OutgoingMail {
  return linkMail(
    to,
    `Confirm your ${PRODUCT_NAME} email address`,
    `Welcome to ${PRODUCT_NAME}! Please confirm your email address to finish setting up your account.`,
    'Confirm email address',
    `${siteUrl}/confirm-email?token=${encodeURIComponent(token)}`,
    `The link works once and expires in ${TOKEN_TTL.emailConfirmationHours} hours. If you did not sign up, ignore this email.`,
  );
}

export function passwordResetMail(to: string, siteUrl: string, token: string): OutgoingMail {
  return linkMail(
    to,
    `Reset your ${PRODUCT_NAME} password`,
    'We received a request to reset the password of your account.',
    'Choose a new password',
    `${siteUrl}/reset-password?mode=reset&token=${encodeURIComponent(token)}`,
    `The link works once and expires in ${TOKEN_TTL.passwordResetHours} hour${TOKEN_TTL.passwordResetHours === 1 ? '' : 's'}. If you did not ask for it, ignore this email; your password stays as it is.`,
  );
}

export function emailChangeMail(to: string, siteUrl: string, token: string): OutgoingMail {
  return linkMail(
    to,
    `Confirm your new ${PRODUCT_NAME} email address`,
    `You asked to use this address for your ${PRODUCT_NAME} account. Open the link to make the change; until then you keep signing in with your current address.`,
    'Confirm new email address',
    `${siteUrl}/confirm-email-change?token=${encodeURIComponent(token)}`,
    `The link works once and expires in ${TOKEN_TTL.emailChangeHours} hours. If you did not ask for this, ignore this email; nothing changes.`,
  );
}

/**
 * A request to claim a business, to the address typed on the claim form: its two links (finish, or "this
 * wasn't me") open pages that act only when their button is pressed, so a mail scanner opening them changes nothing.
 */
export function claimMail(to: string, siteUrl: string, businessName: string, token: string): OutgoingMail {
  const complete = `${siteUrl}${CLAIM_COMPLETE_PATH}?token=${encodeURIComponent(token)}`;
  const cancel = `${siteUrl}${CLAIM_CANCEL_PATH}?token=${encodeURIComponent(token)}`;
  const intro = `Someone asked to claim ${businessName} on ${PRODUCT_NAME} with this address.`;
  const yes = 'If it was you, open this link to choose your password and finish the claim:';
  const no = "If it wasn't you, open this link and the request is cancelled:";
  const outro = `The links work once and expire in ${TOKEN_TTL.businessClaimHours} hours. Nothing changes until one of them is opened and its button pressed.`;
  return {
    to,
    subject: `Claim ${businessName} on ${PRODUCT_NAME}`,
    text: `${intro}\n\n${yes}\nFinish claiming: ${complete}\n\n${no}\nThis wasn't me: ${cancel}\n\n${outro}\n\n${PRODUCT_NAME}`,
    html:
      `<p>${escapeHtml(intro)}</p>` +
      `<p>${escapeHtml(yes)}<br><a href="${escapeHtml(complete)}">Finish claiming ${escapeHtml(businessName)}</a></p>` +
      `<p>${escapeHtml(no)}<br><a href="${escapeHtml(cancel)}">This wasn't me</a></p>` +
      `<p>If the links do not work, paste these addresses into your browser:<br>${escapeHtml(complete)}<br>${escapeHtml(cancel)}</p>` +
      `<p>${escapeHtml(outro)}</p><p>${PRODUCT_NAME}</p>`,
  };
}

/**
 * To an address that has an account already, when someone asks to move another account to it: no link goes
 * and nothing changes. The person who asked is answered as for a free address, so only this address's owner
 * learns that it is registered.
 */
export function emailChangeTakenMail(to: string, siteUrl: string): OutgoingMail {
  const what = `Someone asked to move another ${PRODUCT_NAME} account to this email address. This address already has a ${PRODUCT_NAME} account, so nothing was changed and no account was moved to it.`;
  const next = `If that was you, sign in with this address at ${siteUrl}/login, or choose a new password for it at ${siteUrl}/reset-password?mode=request. If it was not you, you can ignore this email.`;
  return {
    to,
    subject: `Someone tried to move an account to your ${PRODUCT_NAME} email address`,
    text: `${what}\n\n${next}\n\n${PRODUCT_NAME}`,
    html: `<p>${escapeHtml(what)}</p><p>${escapeHtml(next)}</p><p>${PRODUCT_NAME}</p>`,
  };
}

/** A change to how the account signs in (security alerts are always on). */
export type SecurityAlert =
  | { readonly kind: 'email-change-requested'; readonly newEmail: string }
  | { readonly kind: 'email-changed'; readonly newEmail: string }
  | { readonly kind: 'password-changed' }
  | { readonly kind: 'password-reset' }
  | { readonly kind: 'signed-out-everywhere' }
  | { readonly kind: 'totp-enabled' }
  | { readonly kind: 'totp-disabled' }
  | { readonly kind: 'account-deleted' };

function alertText(alert: SecurityAlert): { subject: string; what: string } {
  switch (alert.kind) {
    case 'email-change-requested':
      return {
        subject: `Someone asked to change your ${PRODUCT_NAME} email address`,
        what: `Someone asked to change the email address of your ${PRODUCT_NAME} account to ${alert.newEmail}. Nothing changes unless a link we sent to that address is opened.`,
      };
    case 'email-changed':
      return {
        subject: `Your ${PRODUCT_NAME} email address was changed`,
        what: `The email address of your ${PRODUCT_NAME} account was changed to ${alert.newEmail}, and every device signed in to it was signed out. You now sign in with that address; we will not write to this one again.`,
      };
    case 'password-changed':
      return {
        subject: `Your ${PRODUCT_NAME} password was changed`,
        what: `The password of your ${PRODUCT_NAME} account was changed, and every device signed in to it was signed out.`,
      };
    case 'password-reset':
      return {
        subject: `Your ${PRODUCT_NAME} password was reset`,
        what: `The password of your ${PRODUCT_NAME} account was reset with a link sent to this address, and every device signed in to it was signed out.`,
      };
    case 'signed-out-everywhere':
      return {
        subject: `Your ${PRODUCT_NAME} account was signed out everywhere`,
        what: `Every device signed in to your ${PRODUCT_NAME} account was signed out.`,
      };
    case 'totp-enabled':
      return {
        subject: `2-step verification is on for your ${PRODUCT_NAME} account`,
        what: `2-step verification was turned on for your ${PRODUCT_NAME} account: signing in now asks for a code from an authenticator app.`,
      };
    case 'totp-disabled':
      return {
        subject: `2-step verification is off for your ${PRODUCT_NAME} account`,
        what: `2-step verification was turned off for your ${PRODUCT_NAME} account: signing in no longer asks for a code.`,
      };
    case 'account-deleted':
      return {
        subject: `Your ${PRODUCT_NAME} account was deleted`,
        what: `Your ${PRODUCT_NAME} account was deleted, with your profile, photos and the other data we held about you. Feedback you left for others stays, shown as from a deleted user.`,
      };
  }
}

/** Sent to the account's address for every security change, to say what happened and what to do if it was not them. */
export function securityAlertMail(to: string, siteUrl: string, alert: SecurityAlert): OutgoingMail {
  const { subject, what } = alertText(alert);
  const ifNotYou =
    alert.kind === 'account-deleted'
      ? 'If you did not delete your account, reply to this email so we can look into it.'
      : `If this was not you, reset your password now at ${siteUrl}/reset-password?mode=request and reply to this email so we can help.`;
  return {
    to,
    subject,
    text: `${what}\n\n${ifNotYou}\n\n${PRODUCT_NAME}`,
    html: `<p>${escapeHtml(what)}</p><p>${escapeHtml(ifNotYou)}</p><p>${PRODUCT_NAME}</p>`,
  };
}

/** What a job alert shows of the job (never its contact: that stays behind the reveal). */
export interface AlertMailJob {
  readonly jobId: string;
  readonly title: string;
  readonly categories: readonly string[];
  readonly budget?: string;
  readonly budgetType?: JobBudgetType;
  readonly locationName: string;
}

/** RFC 8058: mail programs offer their own unsubscribe button and POST to the address themselves. */
export const oneClickUnsubscribe = (address: string) => ({ 'List-Unsubscribe': `<${address}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });

/** A new job near a provider whose Job Alerts are on, with a one-click unsubscribe link. */
export function jobAlertMail(to: string, siteUrl: string, job: AlertMailJob, miles: number, unsubscribeToken: string): OutgoingMail {
  const jobLink = `${siteUrl}/job-directory?job=${encodeURIComponent(job.jobId)}`;
  const unsubscribeLink = `${siteUrl}${JOB_ALERT_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(unsubscribeToken)}`;
  const oneClick = `${siteUrl}${JOB_ALERT_ONE_CLICK_PATH}?token=${encodeURIComponent(unsubscribeToken)}`;
  const budget = job.budget ? `${job.budget}${job.budgetType ? ` (${job.budgetType === 'hourly' ? 'hourly rate' : 'fixed price'})` : ''}` : undefined;
  const facts = [
    `Where: ${job.locationName} (${miles < 1 ? 'under a mile' : `about ${Math.round(miles)} mile${Math.round(miles) === 1 ? '' : 's'}`} from you)`,
    `Categories: ${job.categories.map(categoryLabel).join(', ')}`,
    ...(budget ? [`Budget: ${budget}`] : []),
  ];
  const intro = 'A client has posted a job in your area that matches your Job Alerts.';
  const why = 'You get this email because Job Alerts are on in your notification settings.';
  return {
    to,
    subject: `New job near you: ${job.title}`,
    text: `${intro}\n\n${job.title}\n${facts.join('\n')}\n\nView the job: ${jobLink}\n\n${why}\nUnsubscribe from job alerts: ${unsubscribeLink}\n\n${PRODUCT_NAME}`,
    html:
      `<p>${escapeHtml(intro)}</p>` +
      `<p><strong>${escapeHtml(job.title)}</strong><br>${facts.map(escapeHtml).join('<br>')}</p>` +
      `<p><a href="${escapeHtml(jobLink)}">View the job</a></p>` +
      `<p>${escapeHtml(why)} <a href="${escapeHtml(unsubscribeLink)}">Unsubscribe from job alerts</a></p>` +
      `<p>${PRODUCT_NAME}</p>`,
    headers: oneClickUnsubscribe(oneClick),
  };
}

const NEWS_TEXT: Record<ProviderNewsKind, { subject: string; body: string }> = {
  portfolio: { subject: 'has added new work', body: 'has added new work to their portfolio.' },
  services: { subject: 'has updated their services', body: 'has updated the services they offer.' },
};

/** Provider Updates: a professional the client saved has news; at most one a week per professional. */
export function providerUpdateMail(
  to: string,
  siteUrl: string,
  provider: { readonly userId: string; readonly name: string },
  kind: ProviderNewsKind,
  unsubscribeToken: string,
): OutgoingMail {
  const page = `${siteUrl}/directory/${encodeURIComponent(provider.userId)}`;
  const unsubscribeLink = `${siteUrl}${PROVIDER_UPDATES_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(unsubscribeToken)}`;
  const oneClick = `${siteUrl}${PROVIDER_UPDATES_ONE_CLICK_PATH}?token=${encodeURIComponent(unsubscribeToken)}`;
  const news = `${provider.name}, a professional you saved, ${NEWS_TEXT[kind].body}`;
  const why = 'You get this email because Provider Updates are on in your notification settings; we send at most one a week about each professional.';
  return {
    to,
    subject: `${provider.name} ${NEWS_TEXT[kind].subject}`,
    text: `${news}

See their profile: ${page}

${why}
Unsubscribe from provider updates: ${unsubscribeLink}

${PRODUCT_NAME}`,
    html:
      `<p>${escapeHtml(news)}</p>` +
      `<p><a href="${escapeHtml(page)}">See their profile</a></p>` +
      `<p>${escapeHtml(why)} <a href="${escapeHtml(unsubscribeLink)}">Unsubscribe from provider updates</a></p>` +
      `<p>${PRODUCT_NAME}</p>`,
    headers: oneClickUnsubscribe(oneClick),
  };
}

/** What a message mail says: who wrote, the first lines of the first message not read, and how many more. */
export interface MessageMailContent {
  readonly conversationId: string;
  readonly senderName: string;
  readonly firstLines: string;
  /** Unread messages after the quoted one. */
  readonly more: number;
}

/** Messages not read within the delay: at most one an hour per conversation, with the link and a one-click off switch. */
export function messageMail(to: string, siteUrl: string, content: MessageMailContent, unsubscribeToken: string): OutgoingMail {
  const link = `${siteUrl}/messages/${encodeURIComponent(content.conversationId)}`;
  const unsubscribeLink = `${siteUrl}${MESSAGE_MAILS_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(unsubscribeToken)}`;
  const oneClick = `${siteUrl}${MESSAGE_MAILS_ONE_CLICK_PATH}?token=${encodeURIComponent(unsubscribeToken)}`;
  const intro = `${content.senderName} sent you a message on ${PRODUCT_NAME}:`;
  const more = content.more > 0 ? `and ${content.more} more message${content.more === 1 ? '' : 's'}` : '';
  const why = `You get this email because you had not read the message for ${MESSAGE_MAIL_LIMITS.delayMinutes} minutes; we send at most one an hour about each conversation.`;
  return {
    to,
    subject: `New message from ${content.senderName}`,
    text: `${intro}

${content.firstLines
  .split('\n')
  .map((line) => `> ${line}`)
  .join('\n')}
${more ? `\n${more}\n` : ''}
Read and reply: ${link}

${why}
Turn off message emails: ${unsubscribeLink}

${PRODUCT_NAME}`,
    html:
      `<p>${escapeHtml(intro)}</p>` +
      `<blockquote>${escapeHtml(content.firstLines).replace(/\n/g, '<br>')}</blockquote>` +
      (more ? `<p>${escapeHtml(more)}</p>` : '') +
      `<p><a href="${escapeHtml(link)}">Read and reply</a></p>` +
      `<p>${escapeHtml(why)} <a href="${escapeHtml(unsubscribeLink)}">Turn off message emails</a></p>` +
      `<p>${PRODUCT_NAME}</p>`,
    headers: oneClickUnsubscribe(oneClick),
  };
}
