import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGE_REPORT_MESSAGES } from '@solutionz/shared';
import { StubbedApiError, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render';
import { ReportConversation } from './report-dialog';

describe('reporting a conversation', { timeout: 30_000 }, () => {
  it('asks what is wrong, sends the reason and the note, and closes', async () => {
    const api = stubApi({ reportConversation: () => ({ reportId: 'report-1', status: 'open' }) });
    const { user } = renderWithProviders(<ReportConversation conversationId="conversation-1" otherName="Shah Plumbing" />);
    await user.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Report this conversation' }));
    expect(dialog.getByText(/Shah Plumbing is not told who reported it/)).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Send report' }));
    expect(await dialog.findByText(MESSAGE_REPORT_MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(api.callsTo('reportConversation')).toEqual([]);

    await user.selectOptions(dialog.getByRole('combobox', { name: /What is wrong/ }), 'Scam or fraud');
    await user.type(dialog.getByRole('textbox', { name: /Anything else/ }), 'Asked for my bank details');
    await user.click(dialog.getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Report this conversation' })).not.toBeInTheDocument());
    expect(api.callsTo('reportConversation')).toEqual([
      { params: { conversationId: 'conversation-1' }, query: {}, body: { reason: 'scam', note: 'Asked for my bank details' } },
    ]);
  });

  it('says so in the dialog when the conversation is reported already', async () => {
    stubApi({
      reportConversation: () => {
        throw new StubbedApiError(409, { error: { code: 'CONFLICT', message: MESSAGE_REPORT_MESSAGES.alreadyReported } });
      },
    });
    const { user } = renderWithProviders(<ReportConversation conversationId="conversation-1" otherName="Shah Plumbing" />);
    await user.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Report this conversation' }));
    await user.selectOptions(dialog.getByRole('combobox', { name: /What is wrong/ }), 'Spam or advertising');
    await user.click(dialog.getByRole('button', { name: 'Send report' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(MESSAGE_REPORT_MESSAGES.alreadyReported);
  });
});
