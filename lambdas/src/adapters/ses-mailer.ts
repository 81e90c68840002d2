import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import type { EmailFailureCategory } from '@solutionz/shared';
import { BUSINESS_METRICS, type BusinessMetrics } from '../business-metrics';
import { withoutSdkLogging } from './sdk-logging';

export interface OutgoingMail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  /** Headers of its own (List-Unsubscribe on bulk mail); SES sets the usual ones. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** What services send mail through; they never see SES. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/** A send that failed, in the classes of docs/product/accounts.md#e-mail-delivery-failures, with what SES said. */
export class MailDeliveryError extends Error {
  constructor(
    readonly category: EmailFailureCategory,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'MailDeliveryError';
  }
}

const SENDER_SETUP_ERRORS = new Set([
  'AccessDeniedException',
  'UnrecognizedClientException',
  'InvalidClientTokenId',
  'SignatureDoesNotMatch',
  'ExpiredTokenException',
  'CredentialsProviderError',
  'MailFromDomainNotVerifiedException',
  'AccountSuspendedException',
  'SendingPausedException',
]);
const THROTTLING_ERRORS = new Set(['TooManyRequestsException', 'LimitExceededException', 'ThrottlingException', 'Throttling']);
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']);

/**
 * Maps an SES v2 or SDK error to a delivery class: credentials, sender verification and account
 * state are the "delivery issue" the product calls SMTP_AUTH (docs/product/accounts.md#e-mail-delivery-failures); throttling is RATE_LIMIT; a request
 * that never got an answer is NETWORK; a 5xx answer is SERVER; anything else (a rejected address,
 * say) is UNKNOWN and its own message is shown.
 */
function classifySesError(error: unknown): EmailFailureCategory {
  const e = error as { name?: string; code?: string; $fault?: string; $metadata?: { httpStatusCode?: number }; cause?: { code?: string } };
  const name = e?.name ?? '';
  if (SENDER_SETUP_ERRORS.has(name)) return 'SMTP_AUTH';
  if (THROTTLING_ERRORS.has(name) || e?.$metadata?.httpStatusCode === 429) return 'RATE_LIMIT';
  if (name === 'TimeoutError' || NETWORK_CODES.has(e?.code ?? '') || NETWORK_CODES.has(e?.cause?.code ?? '')) return 'NETWORK';
  if (e?.$fault === 'server' || (e?.$metadata?.httpStatusCode ?? 0) >= 500) return 'SERVER';
  return 'UNKNOWN';
}

export interface SesMailerOptions {
  /** The SES configuration set the mail goes through (its suppression list, event destinations and reputation). */
  readonly configurationSetName?: string;
  /** Counts each mail SES accepted, and each try that failed. */
  readonly metrics?: BusinessMetrics;
}

export function createSesMailer(client: SESv2Client, fromAddress: string, options: SesMailerOptions = {}): Mailer {
  const { configurationSetName, metrics } = options;
  return {
    async send(mail) {
      try {
        await client.send(
          new SendEmailCommand({
            FromEmailAddress: fromAddress,
            Destination: { ToAddresses: [mail.to] },
            ConfigurationSetName: configurationSetName,
            Content: {
              Simple: {
                Subject: { Data: mail.subject, Charset: 'UTF-8' },
                Body: { Text: { Data: mail.text, Charset: 'UTF-8' }, Html: { Data: mail.html, Charset: 'UTF-8' } },
                ...(mail.headers ? { Headers: Object.entries(mail.headers).map(([Name, Value]) => ({ Name, Value })) } : {}),
              },
            },
          }),
        );
        metrics?.count(BUSINESS_METRICS.mailsSent);
      } catch (error) {
        metrics?.count(BUSINESS_METRICS.mailsFailed);
        const message = error instanceof Error ? error.message : String(error);
        throw new MailDeliveryError(classifySesError(error), message, { cause: error });
      }
    },
  };
}

/** The Lambda's mailer; a local endpoint comes from AWS_ENDPOINT_URL_SESV2. */
export function createSesMailerFor(region: string, fromAddress: string, options: SesMailerOptions = {}): Mailer {
  return createSesMailer(withoutSdkLogging(new SESv2Client({ region })), fromAddress, options);
}
