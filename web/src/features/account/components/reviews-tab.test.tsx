import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FEEDBACK_MESSAGES, type FeedbackPage } from '@solutionz/shared';
import { StubbedApiError, stubApi } from '@/testing/fake-api';
import { createFakeAuth, fakeAccount } from '@/testing/fake-auth';
import { renderApp } from '@/testing/render';

const provider = fakeAccount({ userId: 'p-1', accountType: 'provider', businessName: 'Pennine Plumbing' });

async function openReviews(listMyProviderFeedback: () => FeedbackPage | Promise<FeedbackPage>) {
  stubApi({ listCategories: () => ({ groups: [] }), listMyProviderFeedback });
  const view = renderApp('/profile', createFakeAuth({ signedInAs: provider }));
  await view.user.click(await screen.findByRole('tab', { name: 'Reviews' }));
  return view;
}

describe('the Reviews tab of /profile', { timeout: 15_000 }, () => {
  it('shows three skeleton rows while the reviews load, then says there are none yet', async () => {
    // One pending answer made up front: the skeleton can show before the tab asks for the reviews.
    let answer!: (page: FeedbackPage) => void;
    const pending = new Promise<FeedbackPage>((resolve) => (answer = resolve));
    await openReviews(() => pending);
    const panel = screen.getByRole('tabpanel', { name: 'Reviews' });
    expect(within(panel).getByRole('status')).toHaveTextContent('Loading feedback...');
    expect(panel.querySelectorAll('[aria-hidden="true"]')).toHaveLength(3);
    answer({ feedback: [], rating: { average: null, count: 0 } });
    expect(await within(panel).findByRole('heading', { name: 'No reviews yet' })).toBeInTheDocument();
  });

  it('lists the feedback with the replies, unpublished ones marked, and the way to reply', async () => {
    await openReviews(() => ({
      feedback: [
        {
          id: 'f-1',
          providerId: 'p-1',
          rating: 4,
          title: 'Sorted the leak',
          authorName: 'Chloe Clarke',
          createdAt: '2025-02-03T10:00:00.000Z',
          approved: true,
          verifiedJob: false,
          reply: { text: 'Glad to help.', createdAt: '2025-02-04T10:00:00.000Z', updatedAt: '2025-02-04T10:00:00.000Z' },
        },
        {
          id: 'f-2',
          providerId: 'p-1',
          rating: 1,
          title: 'Hidden by an admin',
          authorName: 'Deleted user',
          createdAt: '2025-01-01T10:00:00.000Z',
          approved: false,
          verifiedJob: false,
        },
      ],
      rating: { average: 4, count: 1 },
    }));
    const list = await screen.findByRole('list', { name: 'Reviews' });
    const first = within(list).getByRole('article', { name: 'Sorted the leak' });
    expect(within(first).getByText('Chloe Clarke · 03 Feb 2025')).toBeInTheDocument();
    expect(within(first).getByText('Response from Pennine Plumbing')).toBeInTheDocument();
    expect(within(first).getByText('Feb 4, 2025')).toBeInTheDocument();
    expect(within(within(list).getByRole('article', { name: 'Hidden by an admin' })).getByText('Not published')).toBeInTheDocument();
    expect(screen.getByText('4.0 out of 5 from 1 review')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reply on your public page' })).toHaveAttribute('href', '/directory/p-1?tab=feedback');
  });

  it('says when the reviews could not be loaded, and tries again', async () => {
    let fail = true;
    const { user } = await openReviews(() => {
      if (fail) throw new StubbedApiError(500, { error: { code: 'INTERNAL', message: 'Something went wrong' } });
      return { feedback: [], rating: { average: null, count: 0 } };
    });
    expect(await screen.findByText(FEEDBACK_MESSAGES.reviewsLoadFailed)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No reviews yet' })).toBeInTheDocument();
  });
});
