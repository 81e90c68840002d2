import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, JOB_MESSAGES, type Job } from '@solutionz/shared';
import { StubbedApiError, stubApi } from '@/testing/fake-api';
import { createFakeAuth, fakeAccount } from '@/testing/fake-auth';
import { renderApp } from '@/testing/render';

const job = (revealCount: number, revealCap: number): Job => ({
  id: 'job-1',
  title: 'Fix the garden fence',
  description: 'Six panels blew down in the storm.',
  categories: ['Construction/Trade > Builder'],
  locationName: 'Leeds',
  postedAt: '2026-11-21T12:00:00.000Z',
  revealCount,
  revealCap,
  enoughInterest: revealCount >= revealCap,
  isMine: true,
  contact: { contactName: 'Cara Client', contactEmail: 'cara@example.com' },
});

/** /profile on My Jobs, signed in as a client with one job whose cap the API keeps, or refuses to change with `refusal`. */
async function openMyJobs(start: Job, refusal?: string) {
  let current = start;
  const api = stubApi({
    listCategories: () => ({ groups: [] }),
    listMyJobs: () => ({ jobs: [current], total: 1, page: 1, pageCount: 1 }),
    updateJobRevealCap: ({ body }) => {
      if (refusal) throw new StubbedApiError(409, { error: { code: ERROR_CODES.conflict.code, message: refusal } });
      current = { ...current, revealCap: body.revealCap, enoughInterest: current.revealCount >= body.revealCap };
      return current;
    },
  });
  const view = renderApp('/profile', createFakeAuth({ signedInAs: fakeAccount({ accountType: 'client' }) }));
  await view.user.click(await screen.findByRole('tab', { name: 'My Jobs' }));
  const item = within(await screen.findByRole('list', { name: 'My jobs' })).getByRole('listitem');
  return { ...view, api, item: within(item) };
}

describe('My Jobs: the reveal limit', { timeout: 20_000 }, () => {
  it('changes a job’s reveal limit, says so, and shows the new count of the limit', async () => {
    const { user, api, item } = await openMyJobs(job(1, 5));
    expect(item.getByText('1 of 5 contacts revealed')).toBeInTheDocument();
    const limit = item.getByRole('combobox', { name: 'Reveal limit' });
    const save = item.getByRole('button', { name: 'Save limit' });
    expect(save).toBeDisabled();

    await user.selectOptions(limit, '2');
    await user.click(save);
    expect(await screen.findByText(JOB_MESSAGES.revealCapSaved)).toBeInTheDocument();
    expect(await item.findByText('1 of 2 contacts revealed')).toBeInTheDocument();
    expect(api.callsTo('updateJobRevealCap').map((call) => [call.params.jobId, call.body])).toEqual([['job-1', { revealCap: 2 }]]);
    await waitFor(() => expect(item.getByRole('button', { name: 'Save limit' })).toBeDisabled());
  });

  it('offers no limit below the reveals so far', async () => {
    const { item } = await openMyJobs(job(3, 5));
    const options = within(item.getByRole('combobox', { name: 'Reveal limit' })).getAllByRole<HTMLOptionElement>('option');
    expect(options.filter((option) => !option.disabled).map((option) => option.value)).toEqual(['3', '4', '5', '6', '7', '8', '9', '10']);
    expect(item.getByText('How many professionals may see your contact details, not fewer than the 3 who already have.')).toBeInTheDocument();
  });

  it('shows the API’s reason when it refuses the new limit, and keeps the old one', async () => {
    const { user, item } = await openMyJobs(job(2, 5), JOB_MESSAGES.revealCapBelowCount);
    await user.selectOptions(item.getByRole('combobox', { name: 'Reveal limit' }), '2');
    await user.click(item.getByRole('button', { name: 'Save limit' }));
    expect(await screen.findByText(JOB_MESSAGES.revealCapBelowCount)).toBeInTheDocument();
    expect(item.getByText('2 of 5 contacts revealed')).toBeInTheDocument();
  });
});
