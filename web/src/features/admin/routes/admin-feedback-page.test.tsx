import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_CONSOLE_MESSAGES, type AdminFeedbackEntry } from '@solutionz/shared';
import { StubbedApiError, stubApi, type ApiStubs } from '@/testing/fake-api';
import { renderApp } from '@/testing/render';
import { adminFeedback, signedInAdmin } from '../testing';

const MESSAGES = ADMIN_CONSOLE_MESSAGES.feedback;
const published = adminFeedback();
const pending = adminFeedback({
  id: 'fb-2',
  title: 'Never turned up',
  description: undefined,
  rating: 1,
  approved: false,
  createdAt: '2026-11-22T08:00:00.000Z',
});
const COUNTS = { all: 2, approved: 1, pending: 1 };

async function openFeedback(stubs: ApiStubs = {}) {
  const api = stubApi({
    adminListFeedback: ({ query }) => ({
      feedback: [pending, published].filter((entry) => query.status === 'all' || entry.approved === (query.status === 'approved')),
      counts: COUNTS,
    }),
    ...stubs,
  });
  const view = renderApp('/admin/feedback', signedInAdmin());
  await screen.findByRole('heading', { level: 1, name: 'Feedback Moderation' });
  await screen.findByRole('article', { name: published.title });
  return { ...view, api };
}

const item = (title: string) => within(screen.getByRole('article', { name: title }));
const ok = (entry: AdminFeedbackEntry) => ({ feedback: entry });

describe('/admin/feedback', { timeout: 30_000 }, () => {
  it("lists feedback with the provider's name and business, filters by status with the counts", async () => {
    const { user, api } = await openFeedback();
    const first = item(published.title);
    expect(first.getByText('For Priya Shah (Shah Plumbing)')).toBeInTheDocument();
    expect(first.getByText('Approved')).toBeInTheDocument();
    expect(first.getByText('By Chloe Clarke on 20 Nov 2026')).toBeInTheDocument();
    expect(item(pending.title).getByText('Pending')).toBeInTheDocument();
    expect(screen.getAllByRole('article').map((article) => article.getAttribute('aria-label'))).toEqual([pending.title, published.title]);

    const filters = within(screen.getByRole('group', { name: 'Show feedback' }));
    expect(filters.getByRole('button', { name: 'All (2)' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(filters.getByRole('button', { name: 'Pending (1)' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: published.title })).not.toBeInTheDocument());
    expect(api.callsTo('adminListFeedback').at(-1)?.query).toEqual({ status: 'pending' });
    expect(filters.getByRole('button', { name: 'Pending (1)' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('approves pending feedback at once, without a reason', async () => {
    const { user, api } = await openFeedback({ adminSetFeedbackApproval: ({ body }) => ok({ ...pending, approved: body.approved }) });
    await user.click(item(pending.title).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(api.callsTo('adminSetFeedbackApproval')).toEqual([{ params: { providerId: 'user-1', feedbackId: 'fb-2' }, query: {}, body: { approved: true } }]),
    );
    expect(await screen.findByText(MESSAGES.approved)).toBeInTheDocument();
  });

  it('unapproves only with a reason', async () => {
    const { user, api } = await openFeedback({ adminSetFeedbackApproval: ({ body }) => ok({ ...published, approved: body.approved }) });
    await user.click(item(published.title).getByRole('button', { name: 'Unapprove' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Unapprove feedback' }));
    expect(dialog.getByText(/leaves Priya Shah’s page and rating at once/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Unapprove' }));
    expect(await dialog.findByText(ADMIN_CONSOLE_MESSAGES.reasonRequired)).toBeInTheDocument();
    await user.selectOptions(dialog.getByRole('combobox', { name: /Reason/ }), 'Abusive or offensive content');
    await user.type(dialog.getByRole('textbox', { name: /Details/ }), 'Personal insults');
    await user.click(dialog.getByRole('button', { name: 'Unapprove' }));
    await waitFor(() =>
      expect(api.callsTo('adminSetFeedbackApproval').map((call) => call.body)).toEqual([
        { approved: false, reason: { code: 'abusive', note: 'Personal insults' } },
      ]),
    );
    expect(await screen.findByText(MESSAGES.unapproved)).toBeInTheDocument();
  });

  it('edits title, description and rating with a reason', async () => {
    const { user, api } = await openFeedback({ adminUpdateFeedback: ({ body }) => ok({ ...published, ...body }) });
    await user.click(item(published.title).getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit feedback' }));
    const title = dialog.getByRole('textbox', { name: /Title/ });
    await user.clear(title);
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(await dialog.findByText('Title is required')).toBeInTheDocument();

    await user.type(title, 'Fixed the boiler quickly');
    await user.click(dialog.getByRole('radio', { name: '3 stars' }));
    await user.selectOptions(dialog.getByRole('combobox', { name: /Reason/ }), 'False or misleading information');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit feedback' })).not.toBeInTheDocument());
    expect(api.callsTo('adminUpdateFeedback')[0]).toEqual({
      params: { providerId: 'user-1', feedbackId: 'fb-1' },
      query: {},
      body: { rating: 3, title: 'Fixed the boiler quickly', description: 'Came the same day.', reason: { code: 'misleading', note: '' } },
    });
  });

  it("asks the product's question before deleting, and says when the delete fails", async () => {
    const { user, api } = await openFeedback({
      adminDeleteFeedback: () => {
        throw new StubbedApiError(500, { error: { code: 'INTERNAL', message: 'Something went wrong' } });
      },
    });
    await user.click(item(pending.title).getByRole('button', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Delete feedback' }));
    expect(dialog.getByText(MESSAGES.deleteConfirm)).toBeInTheDocument();
    await user.selectOptions(dialog.getByRole('combobox', { name: /Reason/ }), 'Spam or advertising');
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MESSAGES.deleteFailed)).toBeInTheDocument();
    expect(api.callsTo('adminDeleteFeedback')[0]?.body).toEqual({ reason: { code: 'spam', note: '' } });
  });

  it('says when a filter has nothing, and when the list cannot be read', async () => {
    stubApi({
      adminListFeedback: ({ query }) => {
        if (query.status === 'pending') throw new StubbedApiError(500, { error: { code: 'INTERNAL', message: 'boom' } });
        return { feedback: [], counts: { all: 0, approved: 0, pending: 0 } };
      },
    });
    const { user } = renderApp('/admin/feedback', signedInAdmin());
    expect(await screen.findByText('No feedback yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pending (0)' }));
    expect(await screen.findByText(MESSAGES.loadFailed)).toBeInTheDocument();
  });
});
