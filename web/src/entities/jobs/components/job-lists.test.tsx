import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, JOB_MESSAGES, type Job } from '@solutionz/shared';
import { StubbedApiError, stubApi, type ApiStubs } from '@/testing/fake-api';
import { createFakeAuth, fakeAccount } from '@/testing/fake-auth';
import { renderApp } from '@/testing/render';

const job: Job = {
  id: 'job-1',
  title: 'Fix the garden fence',
  description: 'Six panels blew down in the storm.',
  categories: ['Construction/Trade > Builder'],
  locationName: 'Leeds',
  postedAt: '2026-11-21T12:00:00.000Z',
  revealCount: 0,
  revealCap: 5,
  enoughInterest: false,
  isMine: true,
  contact: { contactName: 'Cara Client', contactEmail: 'cara@example.com' },
};

const serverFailure = () =>
  new StubbedApiError(500, { error: { code: ERROR_CODES.internal.code, message: 'An unexpected error occurred. Please try again.' } });

/** /profile on My Jobs, signed in as a client. */
async function openMyJobs(stubs: ApiStubs) {
  stubApi({ listCategories: () => ({ groups: [] }), ...stubs });
  const view = renderApp('/profile', createFakeAuth({ signedInAs: fakeAccount({ accountType: 'client' }) }));
  await view.user.click(await screen.findByRole('tab', { name: 'My Jobs' }));
  return view;
}

describe('My Jobs', { timeout: 20_000 }, () => {
  it('says the jobs could not be loaded, and Try again reads them again', async () => {
    let fail = true;
    const { user } = await openMyJobs({
      listMyJobs: () => {
        if (fail) throw serverFailure();
        return { jobs: [job], total: 1, page: 1, pageCount: 1 };
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(JOB_MESSAGES.myJobsLoadFailed);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'My jobs' })).toHaveTextContent(job.title);
  });

  it('says a delete failed, and keeps the job', async () => {
    const { user } = await openMyJobs({
      listMyJobs: () => ({ jobs: [job], total: 1, page: 1, pageCount: 1 }),
      deleteJob: () => {
        throw serverFailure();
      },
    });
    const item = within(await screen.findByRole('list', { name: 'My jobs' })).getByRole('listitem');
    await user.click(within(item).getByRole('button', { name: 'Delete job' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete job' }));
    expect(await screen.findByText(JOB_MESSAGES.deleteFailed)).toBeInTheDocument();
    // The dialog stays open to try again; the job is still listed behind it.
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'My jobs', hidden: true })).toHaveTextContent(job.title);
  });
});
