import { SESv2Client, SendEmailCommand, SESv2ServiceException } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { describe, expect, it } from 'vitest';
import { recordingBusinessMetrics } from '../business-metrics';
import { testMailer } from '../testing/ses-inbox';
import { createSesMailer, MailDeliveryError } from './ses-mailer';

const mail = { to: 'ada@example.co.uk', subject: 'Confirm', text: 'Hi', html: '<p>Hi</p>' };

function sesError(name: string, status: number, fault: 'client' | 'server' = status >= 500 ? 'server' : 'client') {
  return new SESv2ServiceException({ name, $fault: fault, $metadata: { httpStatusCode: status }, message: `${name} from SES` });
}

describe('SES mailer', () => {
  it('sends one message to the address from the configured sender, as the local SES receives it', async () => {
    const { mailer, sent } = testMailer();
    await mailer.send(mail);
    const [received, ...others] = await sent();
    expect(others).toEqual([]);
    expect(received?.destination.to).toEqual(['ada@example.co.uk']);
    expect(received?.subject).toBe('Confirm');
    expect(received?.body.text?.trim()).toBe('Hi');
  });

  it.each([
    ['AccessDeniedException', sesError('AccessDeniedException', 403), 'SMTP_AUTH'],
    ['an unverified sender', sesError('MailFromDomainNotVerifiedException', 400), 'SMTP_AUTH'],
    ['sending paused on the account', sesError('SendingPausedException', 400), 'SMTP_AUTH'],
    ['throttling', sesError('TooManyRequestsException', 429), 'RATE_LIMIT'],
    ['the daily quota', sesError('LimitExceededException', 400), 'RATE_LIMIT'],
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8005'), { code: 'ECONNREFUSED' }), 'NETWORK'],
    ['a time-out', Object.assign(new Error('socket hang up'), { name: 'TimeoutError' }), 'NETWORK'],
    ['an internal failure', sesError('InternalFailure', 500), 'SERVER'],
    ['a rejected message', sesError('MessageRejected', 400), 'UNKNOWN'],
  ])('classifies %s', async (_label, error, category) => {
    // Faults a local SES cannot produce, injected on this one client.
    const client = new SESv2Client({ region: 'eu-west-2' });
    mockClient(client).on(SendEmailCommand).rejects(error);
    const sending = createSesMailer(client, 'no-reply@solutionz.test').send(mail);
    await expect(sending).rejects.toBeInstanceOf(MailDeliveryError);
    await expect(sending).rejects.toMatchObject({ category, message: (error as Error).message });
  });

  it('sends the headers a mail carries (List-Unsubscribe on bulk mail) through the configuration set it was given', async () => {
    const client = new SESv2Client({ region: 'eu-west-2' });
    const ses = mockClient(client);
    ses.on(SendEmailCommand).resolves({ MessageId: 'm-1' });
    const headers = {
      'List-Unsubscribe': '<https://solutionz.test/api/job-alerts/unsubscribe/one-click?token=t>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    };
    await createSesMailer(client, 'alerts@solutionz.test', { configurationSetName: 'solutionz-test-bulk' }).send({ ...mail, headers });
    const input = ses.commandCalls(SendEmailCommand)[0]!.args[0].input;
    expect(input.ConfigurationSetName).toBe('solutionz-test-bulk');
    expect(input.Content?.Simple?.Headers).toEqual([
      { Name: 'List-Unsubscribe', Value: headers['List-Unsubscribe'] },
      { Name: 'List-Unsubscribe-Post', Value: 'List-Unsubscribe=One-Click' },
    ]);
  });

  it('counts each mail SES accepted and each that failed', async () => {
    const client = new SESv2Client({ region: 'eu-west-2' });
    mockClient(client).on(SendEmailCommand).resolvesOnce({ MessageId: 'm-1' }).rejectsOnce(sesError('MessageRejected', 400)).resolves({ MessageId: 'm-2' });
    const metrics = recordingBusinessMetrics();
    const mailer = createSesMailer(client, 'no-reply@solutionz.test', { metrics });
    await mailer.send(mail);
    await expect(mailer.send(mail)).rejects.toBeInstanceOf(MailDeliveryError);
    await mailer.send(mail);
    expect(metrics.counted).toEqual({ MailsSent: 2, MailsFailed: 1 });
  });
});
