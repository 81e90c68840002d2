import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Job } from '@solutionz/shared';
import { renderWithProviders } from '@/testing/render';
import { JobCard, type JobViewer } from './job-card';

const job: Job = {
  id: 'job-1',
  title: 'Fix a leaking tap',
  description: 'The kitchen tap drips all night.',
  categories: ['Construction/Trade > Plumber', 'Cleaning & Removal Services'],
  locationName: 'Leeds',
  postedAt: '2026-11-21T12:00:00.000Z',
  revealCount: 0,
  revealCap: 5,
  enoughInterest: false,
};

function card(viewer: JobViewer, shown: Job = job) {
  const { unmount } = renderWithProviders(
    <MemoryRouter initialEntries={['/job-directory?page=2']}>
      <JobCard job={shown} viewer={viewer} />
    </MemoryRouter>,
  );
  const link = (name: string) => screen.queryByRole('link', { name });
  return {
    unmount,
    signIn: link('Sign in'),
    join: link('Join as a provider'),
    member: link('Become a member'),
    reveal: screen.queryByRole('button', { name: 'Reveal contact' }),
    save: screen.queryByRole('button', { name: 'Save job' }),
    manage: link('Manage in My Jobs'),
  };
}

/** The links and buttons a card offered. */
const actionsOf = ({ unmount: _unmount, ...actions }: ReturnType<typeof card>) => Object.values(actions).filter(Boolean);

describe('a job card, for each person looking', () => {
  it('names the categories, not their stored paths', () => {
    card({ role: 'visitor', subscribed: false });
    expect(screen.getByTitle('Construction/Trade > Plumber')).toHaveTextContent(/^Plumber$/);
    expect(screen.getByText('Cleaning & Removal Services')).toBeVisible();
    expect(screen.queryByText('Construction/Trade > Plumber')).not.toBeInTheDocument();
  });

  it('asks a visitor to sign in, back to this page, or to join as a provider', () => {
    const shown = card({ role: 'visitor', subscribed: false });
    expect(shown.signIn).toHaveAttribute('href', '/login?return=%2Fjob-directory%3Fpage%3D2');
    expect(shown.join).toHaveAttribute('href', '/signup?type=provider');
    expect([shown.member, shown.reveal, shown.save]).toEqual([null, null, null]);
  });

  it("shows a client nothing to do on another's job, and their own job's way to My Jobs", () => {
    const other = card({ role: 'client', subscribed: false });
    expect(actionsOf(other)).toEqual([]);
    other.unmount();
    expect(card({ role: 'client', subscribed: false }, { ...job, isMine: true }).manage).toHaveAttribute('href', '/profile');
  });

  it('shows an admin, and anyone while the session is read, nothing to do', () => {
    const admin = card({ role: 'admin', subscribed: false });
    expect(actionsOf(admin)).toEqual([]);
    admin.unmount();
    expect(actionsOf(card({ role: 'unknown', subscribed: false }))).toEqual([]);
  });

  it('offers a provider without a membership one, and a member the reveal', () => {
    const provider = card({ role: 'provider', subscribed: false });
    expect(provider.member).toHaveAttribute('href', '/membership');
    expect(provider.reveal).toBeNull();
    expect(provider.save).toBeVisible();
    provider.unmount();
    const member = card({ role: 'provider', subscribed: true });
    expect(member.reveal).toBeEnabled();
    expect(member.member).toBeNull();
  });
});
