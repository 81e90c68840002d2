import {
  CREDENTIAL_REMINDER_MAIL_MESSAGES,
  CREDENTIAL_TYPE_LABELS,
  escapeHtml,
  MESSAGE_MAILS_ONE_CLICK_PATH,
  MESSAGE_MAILS_UNSUBSCRIBE_PATH,
  PRODUCT_NAME,
  ukDate,
} from '@solutionz/shared';
import type { Mailer, OutgoingMail } from '../../adapters/ses-mailer';
import type { AccountRepository } from '../../data/account-repository';
import { EXPIRED_NOTE, type CredentialsRepository } from '../../data/credentials-repository';
import type { MessageMailsRepository } from '../../data/message-mails-repository';
import { trySend } from '../accounts/delivery';
import { oneClickUnsubscribe } from '../accounts/mails';
import type { MailSetting } from '../mail-unsubscribe';
import { allOptions } from './options';
import { titleOf } from './view';

/**
 * The expiry worker's run (docs/product/credentials.md#expiry): reads the index of checked credentials' expiry days,
 * never the table. A credential that expires within 30 days mails its provider once, within 7 days once more; each
 * mail is claimed first with a conditional write, so a run that overlaps another, or runs again, mails nobody twice.
 * A credential whose day has passed is counted once as expired for the transparency page. Nothing else is written at
 * expiry: every reader compares the expiry day with today. A provider who turned the reminders off (in the settings or
 * by the mail's unsubscribe link) is not mailed; the reminder counts as done all the same.
 */
export interface CredentialRemindersDeps {
  readonly credentials: Pick<CredentialsRepository, 'expiring' | 'get' | 'noteReminder' | 'options'>;
  readonly accounts: Pick<AccountRepository, 'getProfile'>;
  /** The unsubscribe link carries the person's message mails token, with `mail=credential-reminders`. */
  readonly mails: Pick<MessageMailsRepository, 'unsubscribeToken'>;
  readonly mailer: Mailer;
  readonly config: { readonly siteUrl: string };
  readonly clock: () => Date;
}

/** How far ahead and behind one run looks; a missed day is caught up by the next run. */
const AHEAD_DAYS = 30;
const SOON_DAYS = 7;
const BEHIND_DAYS = 30;
/** At most this many index entries a run (a bounded Query of the next 30 days). */
const PER_RUN = 500;

const DAY_MS = 86_400_000;
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

const dayText = (day: string) =>
  new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/** Credential expiry reminders are on unless turned off. */
export const CREDENTIAL_REMINDERS_SETTING: MailSetting = {
  invalidMessage: CREDENTIAL_REMINDER_MAIL_MESSAGES.unsubscribeInvalid,
  isOn: (profile) => profile.credentialReminders?.enabled !== false,
  off: () => ({ credentialReminders: { enabled: false } }),
};

function reminderMail(to: string, siteUrl: string, what: string, expiresOn: string, daysLeft: number, unsubscribeToken: string): OutgoingMail {
  const settings = `${siteUrl}/account?tab=credentials`;
  const query = `?mail=credential-reminders&token=${encodeURIComponent(unsubscribeToken)}`;
  const unsubscribeLink = `${siteUrl}${MESSAGE_MAILS_UNSUBSCRIBE_PATH}${query}`;
  const lines = [
    `Your ${what} expires on ${dayText(expiresOn)}, in ${daysLeft === 1 ? '1 day' : `${daysLeft} days`}.`,
    `After that day it is no longer shown as checked on your ${PRODUCT_NAME} profile. When you have renewed it, update the expiry date and upload the new document, and we will check it again.`,
    `Update your credentials: ${settings}`,
  ];
  const why = 'You get this email 30 and 7 days before a checked credential expires.';
  return {
    to,
    subject: `Your ${what} expires on ${dayText(expiresOn)}`,
    text: [...lines, `${why}\nTurn off credential reminders: ${unsubscribeLink}`, PRODUCT_NAME].join('\n\n'),
    html: [
      ...lines.slice(0, 2).map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p><a href="${escapeHtml(settings)}">Update your credentials</a></p>`,
      `<p>${escapeHtml(why)} <a href="${escapeHtml(unsubscribeLink)}">Turn off credential reminders</a></p>`,
      `<p>${PRODUCT_NAME}</p>`,
    ].join(''),
    headers: oneClickUnsubscribe(`${siteUrl}${MESSAGE_MAILS_ONE_CLICK_PATH}${query}`),
  };
}

export async function runCredentialReminders(deps: CredentialRemindersDeps): Promise<{ reminded: number; expired: number }> {
  const now = deps.clock();
  const today = ukDate(now);
  let reminded = 0;
  let expired = 0;
  const options = await allOptions(deps);
  for (const mark of await deps.credentials.expiring(today, addDays(today, AHEAD_DAYS), PER_RUN)) {
    const daysLeft = daysBetween(today, mark.expiresOn);
    // Within 7 days only the nearer reminder goes: a credential checked late is not told twice at once.
    const reminder = String(daysLeft <= SOON_DAYS ? SOON_DAYS : AHEAD_DAYS);
    const record = await deps.credentials.get(mark.providerId, mark.credentialId);
    if (!record || record.remindersSent.includes(reminder)) continue;
    if (!(await deps.credentials.noteReminder(mark.providerId, mark.credentialId, mark.expiresOn, reminder, now))) continue;
    const profile = await deps.accounts.getProfile(mark.providerId);
    if (!profile || !CREDENTIAL_REMINDERS_SETTING.isOn(profile)) continue;
    const what = `${CREDENTIAL_TYPE_LABELS[record.type].toLowerCase()} "${titleOf(record, options)}"`;
    const token = await deps.mails.unsubscribeToken(mark.providerId, now);
    if ((await trySend(deps.mailer, reminderMail(profile.email, deps.config.siteUrl, what, mark.expiresOn, daysLeft, token))).sent) reminded++;
  }
  for (const mark of await deps.credentials.expiring(addDays(today, -BEHIND_DAYS), addDays(today, -1), PER_RUN)) {
    if (await deps.credentials.noteReminder(mark.providerId, mark.credentialId, mark.expiresOn, EXPIRED_NOTE, now)) expired++;
  }
  return { reminded, expired };
}
