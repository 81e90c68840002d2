import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_CONSOLE_MESSAGES, ADMIN_REPORT_MESSAGES, type AdminReport } from '@solutionz/shared';
import { StubbedApiError, stubApi, type ApiStubs } from '@/testing/fake-api';
import { renderApp } from '@/testing/render';
import { signedInAdmin } from '../testing';

const M = ADMIN_REPORT_MESSAGES;

function report(overrides: Partial<AdminReport> = {}): AdminReport {
  return {
    reportId: 'report-1',
    conversationId: 'conversation-1',
    createdAt: '2026-11-25T10:30:00.000Z',
    reason: 'offPlatformPayment',
    note: 'Wanted cash before starting.',
    reporter: { userId: 'client-1', name: 'Chloe Clarke', role: 'client', deleted: false },
    reported: { userId: 'provider-1', name: 'Shah Plumbing', role: 'provider', deleted: false, isActive: true, messagingBlocked: false },
    messages: [
      { sentAt: '2026-11-25T09:00:00.000Z', senderName: 'Chloe Clarke', senderRole: 'client', fromReporter: true, text: 'Can you fix a leaking tap?' },
      { sentAt: '2026-11-25T09:05:00.000Z', senderName: 'Shah Plumbing', senderRole: 'provider', fromReporter: false, text: 'Yes, £80 cash up front please.' },
    ],
    ...overrides,
  };
}

const second = report({
  reportId: 'report-2',
  reason: 'harassment',
  note: '',
  reporter: { userId: 'provider-2', name: 'Pennine Roofing', role: 'provider', deleted: false },
  reported: { userId: 'client-2', name: 'Sam Smith', role: 'client', deleted: false, isActive: true, messagingBlocked: true },
});

async function openReports(stubs: ApiStubs = {}) {
  const api = stubApi({ adminListReports: () => ({ reports: [report(), second], openCount: 2 }), ...stubs });
  const view = renderApp('/admin/reports', signedInAdmin());
  await screen.findByRole('heading', { level: 1, name: M.title });
  await screen.findByRole('article', { name: 'Report about Shah Plumbing' });
  return { ...view, api };
}

const item = (name: string) => within(screen.getByRole('article', { name: `Report about ${name}` }));

describe('/admin/reports', { timeout: 30_000 }, () => {
  it('lists the open reports with who reported whom, the reason, the note and the date, and shows the messages on demand', async () => {
    const { user } = await openReports();
    expect(screen.getByText('2 open reports')).toBeInTheDocument();
    const first = item('Shah Plumbing');
    expect(first.getByRole('heading', { name: 'Shah Plumbing (provider)' })).toBeInTheDocument();
    expect(first.getByText('Reported by Chloe Clarke (client) on 25 Nov 2026, 10:30')).toBeInTheDocument();
    expect(first.getByText('Asks for payment outside Solutionz')).toBeInTheDocument();
    expect(first.getByText('“Wanted cash before starting.”')).toBeInTheDocument();
    expect(item('Sam Smith').getByText('This person can no longer send messages.')).toBeInTheDocument();
    expect(item('Sam Smith').getByRole('button', { name: 'Stop messaging' })).toBeDisabled();

    expect(first.queryByText('Yes, £80 cash up front please.')).not.toBeInTheDocument();
    const toggle = first.getByRole('button', { name: 'Show the 2 messages' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const messages = within(first.getByRole('list', { name: 'Messages reported by Chloe Clarke' }));
    expect(messages.getAllByRole('listitem').map((row) => row.textContent)).toEqual([
      'Chloe Clarke (client, reporter) · 25 Nov 2026, 09:00Can you fix a leaking tap?',
      'Shah Plumbing (provider) · 25 Nov 2026, 09:05Yes, £80 cash up front please.',
    ]);
  });

  it('dismisses a report with an optional note', async () => {
    const { user, api } = await openReports({ adminResolveReport: ({ params }) => ({ reportId: params.reportId, status: 'dismissed', action: 'dismiss' }) });
    await user.click(item('Shah Plumbing').getByRole('button', { name: 'Dismiss' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Dismiss report' }));
    await user.type(dialog.getByRole('textbox', { name: /Note/ }), 'A disagreement about the price');
    await user.click(dialog.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(api.callsTo('adminResolveReport')).toEqual([
        { params: { reportId: 'report-1' }, query: {}, body: { action: 'dismiss', note: 'A disagreement about the price' } },
      ]),
    );
    expect(await screen.findByText(M.dismissed)).toBeInTheDocument();
  });

  it('deactivates the reported account only with a reason, and says when another admin handled the report first', async () => {
    const { user, api } = await openReports({
      adminResolveReport: () => {
        throw new StubbedApiError(409, { error: { code: 'CONFLICT', message: M.alreadyHandled } });
      },
    });
    await user.click(item('Shah Plumbing').getByRole('button', { name: 'Deactivate account' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Deactivate account' }));
    await user.click(dialog.getByRole('button', { name: 'Deactivate' }));
    expect(await dialog.findByText(ADMIN_CONSOLE_MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(api.callsTo('adminResolveReport')).toEqual([]);
    await user.selectOptions(dialog.getByRole('combobox', { name: /Reason/ }), 'Abusive or offensive content');
    await user.click(dialog.getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText(M.alreadyHandled)).toBeInTheDocument();
    expect(api.callsTo('adminResolveReport')[0]?.body).toEqual({ action: 'deactivate', note: '', reason: { code: 'abusive', note: '' } });
  });

  it('says when there is nothing to review, and when the list cannot be read', async () => {
    let fail = true;
    stubApi({
      adminListReports: () => {
        if (fail) throw new StubbedApiError(500, { error: { code: 'INTERNAL', message: 'boom' } });
        return { reports: [], openCount: 0 };
      },
    });
    const { user } = renderApp('/admin/reports', signedInAdmin());
    expect(await screen.findByText(M.loadFailed)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(M.empty)).toBeInTheDocument();
  });
});
