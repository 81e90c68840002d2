import { SESv2Client, SendEmailCommand, SESv2ServiceException } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { createSesMailer, MailDeliveryError } from './ses-mailer';

const ses = mockClient(SESv2Client);
const mail = { to: 'ada@example.co.uk', subject: 'Confirm', text: 'Hi', html: '<p>Hi</p>' };

function sesError(name: string, status: number, fault: 'client' | 'server' = status >= 500 ? 'server' : 'client') {
  return new SESv2ServiceException({ name, $fault: fault, $metadata: { httpStatusCode: status }, message: `${name} from SES` });
}

describe('SES mailer', () => {
  beforeEach(() => ses.reset());

  it('sends one message to the address from the configured sender', async () => {
    ses.on(SendEmailCommand).resolves({ MessageId: 'm-1' });
    await createSesMailer(new SESv2Client({ region: 'eu-west-2' }), 'no-reply@solutionz.test', 'default').send(mail);
    const input = ses.commandCalls(SendEmailCommand)[0]!.args[0].input;
    expect(input.Destination?.ToAddresses).toEqual(['ada@example.co.uk']);
    expect(input.FromEmailAddress).toBe('no-reply@solutionz.test');
    expect(input.ConfigurationSetName).toBe('default');
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
    ses.on(SendEmailCommand).rejects(error);
    const sending = createSesMailer(new SESv2Client({ region: 'eu-west-2' }), 'no-reply@solutionz.test').send(mail);
    await expect(sending).rejects.toBeInstanceOf(MailDeliveryError);
    await expect(sending).rejects.toMatchObject({ category, message: (error as Error).message });
  });
});
