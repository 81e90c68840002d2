import { randomUUID } from 'node:crypto';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { createSesMailer, type Mailer } from '../adapters/ses-mailer';
import { TEST_CREDENTIALS, TEST_REGION } from './dynamodb-table';
import { localEndpoint } from './local-endpoint';

/** A mail as aws-ses-v2-local keeps it in its store. */
export interface SentMail {
  readonly messageId: string;
  readonly from: string;
  readonly subject: string;
  readonly destination: { readonly to: readonly string[] };
  readonly body: { readonly text?: string; readonly html?: string };
  /** The message's own headers, when it had any. */
  readonly headers?: readonly { readonly name: string; readonly value: string }[];
}

export interface TestMailer {
  /** The real SES mailer, sending to the run's local SES. */
  readonly mailer: Mailer;
  /** Its SDK client, for fault injection. */
  readonly client: SESv2Client;
  /** What this mailer has sent, oldest first, as the local SES received it. */
  sent(): Promise<SentMail[]>;
}

/**
 * The store is shared by every test file running in parallel, and `since` counts whole seconds; a
 * sender address of this mailer's own is what tells its mail apart.
 */
export function testMailer(): TestMailer {
  const endpoint = localEndpoint('sesEndpoint');
  const from = `no-reply+${randomUUID()}@solutionz.test`;
  const client = new SESv2Client({ region: TEST_REGION, endpoint, credentials: TEST_CREDENTIALS });
  return {
    mailer: createSesMailer(client, from),
    client,
    async sent() {
      const response = await fetch(new URL('/store', endpoint));
      if (!response.ok) throw new Error(`The local SES answered ${response.status}`);
      const { emails } = (await response.json()) as { emails: SentMail[] };
      return emails.filter((mail) => mail.from === from);
    },
  };
}

/** The token of the link to `page` in the mail's text. */
export function linkToken(
  mail: SentMail | undefined,
  page: '/confirm-email' | '/reset-password' | '/confirm-email-change' | '/claim-business/complete' | '/claim-business/cancel',
): string {
  const link = (mail?.body.text ?? '')
    .match(/https?:\/\/\S+/g)
    ?.map((text) => new URL(text))
    .find((url) => url.pathname === page);
  const token = link?.searchParams.get('token');
  if (!token) throw new Error(`The mail has no ${page} link with a token`);
  return token;
}
