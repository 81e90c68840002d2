import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, EMAIL_MAX_LENGTH, ERROR_CODES, LOCATION_MESSAGES, type Place } from '@solutionz/shared';
import { StubbedApiError, stubApi } from '@/testing/fake-api';
import { renderApp } from '@/testing/render';

const richmonds: Place[] = [
  { name: 'Richmond, Greater London', lat: 51.46171, lng: -0.30633, precision: 'town' },
  { name: 'Richmond, North Yorkshire', lat: 54.4036, lng: -1.73434, precision: 'town' },
];

describe('sign-up location', () => {
  it('shows why the API could not place the location, offers its places, and keeps the rest of the form', { timeout: 20_000 }, async () => {
    const api = stubApi({
      searchLocations: () => ({ best: null, suggestions: richmonds }),
      signup: ({ body }) => {
        if (body.location === 'Richmond') {
          const { status, code } = ERROR_CODES.validation;
          throw new StubbedApiError(status, {
            error: { code, message: 'Invalid request', fields: { 'body.location': LOCATION_MESSAGES.ambiguous('Richmond') }, suggestions: richmonds },
          });
        }
        return { userId: 'u1', email: body.email, accountType: body.accountType, confirmationEmail: { sent: true } };
      },
    });
    const { user } = renderApp('/signup');
    await user.type(await screen.findByLabelText('Full name'), 'Chloe Client');
    await user.type(screen.getByLabelText('Email'), 'chloe@example.co.uk');
    const location = screen.getByRole('combobox', { name: 'Location' });
    await user.type(location, 'Richmond');
    await user.type(screen.getByLabelText('Password'), 'Correct-horse-1');
    await user.type(screen.getByLabelText('Confirm password'), 'Correct-horse-1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText(LOCATION_MESSAGES.ambiguous('Richmond'))).toBeVisible();
    expect(screen.getByLabelText('Full name')).toHaveValue('Chloe Client');
    expect(screen.getByLabelText('Email')).toHaveValue('chloe@example.co.uk');
    expect(screen.getByLabelText('Password')).toHaveValue('Correct-horse-1');

    const choices = screen.getByRole('group', { name: 'Places to choose from' });
    expect(
      within(choices)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(richmonds.map((place) => place.name));
    await user.click(within(choices).getByRole('button', { name: 'Richmond, North Yorkshire' }));
    expect(location).toHaveValue('Richmond, North Yorkshire');
    expect(screen.queryByText(LOCATION_MESSAGES.ambiguous('Richmond'))).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Places to choose from' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.accountCreated)).toBeInTheDocument();
    expect(api.callsTo('signup').map((request) => (request.body as { location: string }).location)).toEqual(['Richmond', 'Richmond, North Yorkshire']);
  });
});

describe('sign-up e-mail address', () => {
  it('takes a plain address only, and says so as the API would, before sending anything', { timeout: 20_000 }, async () => {
    const api = stubApi({ signup: ({ body }) => ({ userId: 'u1', email: body.email, accountType: body.accountType, confirmationEmail: { sent: true } }) });
    const { user } = renderApp('/signup');
    await user.type(await screen.findByLabelText('Full name'), 'Chloe Client');
    const email = screen.getByLabelText('Email');
    await user.type(email, 'x<someone@example.test>');
    await user.type(screen.getByRole('combobox', { name: 'Location' }), 'Leeds');
    await user.type(screen.getByLabelText('Password'), 'Correct-horse-1');
    await user.type(screen.getByLabelText('Confirm password'), 'Correct-horse-1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.emailInvalid)).toBeVisible();

    await user.clear(email);
    await user.click(email);
    await user.paste(`${'a'.repeat(EMAIL_MAX_LENGTH + 1 - '@example.test'.length)}@example.test`);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Email must be at most 254 characters')).toBeVisible();
    expect(screen.queryByText(ACCOUNT_MESSAGES.emailInvalid)).not.toBeInTheDocument();
    expect(api.callsTo('signup')).toEqual([]);
  });
});
