import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CREDENTIAL_REMINDER_MAIL_MESSAGES } from '@solutionz/shared';
import { stubApi } from '@/testing/fake-api';
import { renderApp } from '@/testing/render';

describe('/message-mails/unsubscribe?mail=credential-reminders', () => {
  it('names the credential reminders, sends nothing on opening, and turns them off when pressed', async () => {
    const api = stubApi({ unsubscribeMessageMails: () => ({ unsubscribed: true }) });
    const { user } = renderApp('/message-mails/unsubscribe?mail=credential-reminders&token=token-1');
    const button = await screen.findByRole('button', { name: 'Turn credential reminders off' });
    expect(screen.getByText(/before a checked credential expires\?/)).toBeInTheDocument();
    expect(api.callsTo('unsubscribeMessageMails')).toEqual([]);

    await user.click(button);
    expect(await screen.findByRole('heading', { level: 1, name: CREDENTIAL_REMINDER_MAIL_MESSAGES.unsubscribed })).toBeInTheDocument();
    expect(api.callsTo('unsubscribeMessageMails')).toEqual([expect.objectContaining({ body: { token: 'token-1', mail: 'credential-reminders' } })]);
  });
});
