import { randomUUID } from 'node:crypto';

/**
 * The local SES stand-in (aws-ses-v2-local) keeps every sent mail; `GET /store?since=<epoch s>`
 * lists them as JSON. `npm test` passes its address as SES_URL.
 */
const inboxUrl = process.env.SES_URL ?? 'http://localhost:8005';

export interface InboxMail {
  readonly messageId: string;
  /** Epoch seconds. */
  readonly at: number;
  readonly subject: string;
  readonly destination: { readonly to: readonly string[] };
  readonly body: { readonly text?: string; readonly html?: string };
}

/** An address no other test or run uses. */
export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.co.uk`;
}

export const nowInSeconds = () => Math.floor(Date.now() / 1000);

/** Every mail to `to` sent at or after `since` (epoch seconds). */
export async function mailsTo(to: string, since: number): Promise<InboxMail[]> {
  const response = await fetch(`${inboxUrl}/store?since=${since}`);
  if (!response.ok) throw new Error(`The local inbox answered ${response.status}`);
  const { emails } = (await response.json()) as { emails: InboxMail[] };
  const address = to.toLowerCase();
  return emails.filter((mail) => mail.destination.to.some((recipient) => recipient.toLowerCase() === address));
}

/** The newest mail to `to` sent at or after `since` whose text has a link to `page`, waiting for it to arrive. */
export async function newestMailWithLink(to: string, page: string, { since = nowInSeconds() - 600, timeoutMs = 10_000 } = {}): Promise<InboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await mailsTo(to, since)).filter((candidate) => linkIn(candidate, page)).sort((a, b) => b.at - a.at)[0];
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`No mail with a ${page} link reached ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function linkIn(mail: InboxMail, page: string): URL | undefined {
  const links = (mail.body.text ?? mail.body.html ?? '').match(/https?:\/\/[^\s"<>]+/g) ?? [];
  return links.map((link) => new URL(link.replace(/&amp;/g, '&'))).find((url) => url.pathname === page);
}

/** The path and query of the newest link to `page` mailed to `to` (the site's origin may differ from the test's). */
export async function linkFromInbox(
  to: string,
  page: '/confirm-email' | '/reset-password' | '/confirm-email-change' | '/claim-business/complete' | '/claim-business/cancel',
  options?: { since?: number },
): Promise<string> {
  const url = linkIn(await newestMailWithLink(to, page, options), page)!;
  return `${url.pathname}${url.search}`;
}

/** How many mails reached `to` since `since`. */
export async function mailCount(to: string, since: number): Promise<number> {
  return (await mailsTo(to, since)).length;
}

/** The path and query of the mail's link whose line starts with `label` ("View the job:"). */
export function linkAfter(mail: InboxMail, label: string): string {
  const line = (mail.body.text ?? '').split('\n').find((text) => text.trim().startsWith(label));
  const link = line?.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`The mail "${mail.subject}" has no line "${label} <link>":\n${mail.body.text}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}
