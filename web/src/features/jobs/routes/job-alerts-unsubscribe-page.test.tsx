import { fireEvent, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, JOB_ALERT_MESSAGES } from '@solutionz/shared';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/app/query-client';
import { appRoutes } from '@/app/router';
import { StubbedApiError, stubApi } from '@/testing/fake-api';
import { createFakeAuth } from '@/testing/fake-auth';
import { renderApp } from '@/testing/render';

/** An API that knows one token, and answers as the real one for any other. */
function unsubscribeApi(validToken = 'token-1') {
  return stubApi({
    unsubscribeJobAlerts: ({ body }) => {
      if (body.token !== validToken)
        throw new StubbedApiError(400, { error: { code: ERROR_CODES.validation.code, message: JOB_ALERT_MESSAGES.unsubscribeInvalid } });
      return { unsubscribed: true };
    },
  });
}

/** The app as main.tsx renders it, in StrictMode, which runs every effect twice in development. */
function renderStrict(pathname: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [pathname] });
  const fake = createFakeAuth();
  render(
    <StrictMode>
      <AppProvider auth={fake.auth} fetchProfile={fake.fetchProfile} queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
}

const unsubscribeButton = () => screen.findByRole('button', { name: 'Unsubscribe from job alerts' });

describe('/job-alerts/unsubscribe', () => {
  it('changes nothing by opening: it says what the button does, and pressing it turns job alerts off for a visitor who is not signed in', async () => {
    const api = unsubscribeApi();
    const { user } = renderApp('/job-alerts/unsubscribe?token=token-1');
    const button = await unsubscribeButton();
    expect(screen.getByText(/Stop the e-mails about new jobs near you\?/)).toBeInTheDocument();
    // Mail scanners and link previews open links too: nothing is sent until the person presses (the page's effects ran as it rendered).
    expect(api.callsTo('unsubscribeJobAlerts')).toEqual([]);

    await user.click(button);
    expect(await screen.findByRole('heading', { level: 1, name: JOB_ALERT_MESSAGES.unsubscribed })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notification settings' })).toHaveAttribute('href', '/account?tab=notifications');
    expect(api.callsTo('unsubscribeJobAlerts')).toEqual([expect.objectContaining({ body: { token: 'token-1' } })]);
  });

  it('sends nothing on opening, though development mode runs the page’s effects twice, and the token once when pressed', async () => {
    const api = unsubscribeApi();
    renderStrict('/job-alerts/unsubscribe?token=token-1');
    const button = await unsubscribeButton();
    expect(api.callsTo('unsubscribeJobAlerts')).toEqual([]);
    fireEvent.click(button);
    expect(await screen.findByRole('heading', { level: 1, name: JOB_ALERT_MESSAGES.unsubscribed })).toBeInTheDocument();
    expect(api.callsTo('unsubscribeJobAlerts')).toHaveLength(1);
  });

  it('shows the API’s message for a link that is not valid, once pressed', async () => {
    unsubscribeApi();
    const { user } = renderApp('/job-alerts/unsubscribe?token=forged');
    await user.click(await unsubscribeButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(JOB_ALERT_MESSAGES.unsubscribeInvalid);
    expect(screen.queryByRole('heading', { name: JOB_ALERT_MESSAGES.unsubscribed })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notification settings' })).toBeInTheDocument();
  });

  it('offers no button and asks nothing of the API when the link has no token', async () => {
    const api = unsubscribeApi();
    renderApp('/job-alerts/unsubscribe');
    expect(await screen.findByRole('alert')).toHaveTextContent(JOB_ALERT_MESSAGES.unsubscribeInvalid);
    expect(screen.queryByRole('button', { name: 'Unsubscribe from job alerts' })).not.toBeInTheDocument();
    expect(api.callsTo('unsubscribeJobAlerts')).toEqual([]);
  });
});
