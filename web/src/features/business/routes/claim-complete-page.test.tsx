import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CLAIM_COMPLETE_PATH, CLAIM_MESSAGES, ERROR_CODES } from '@solutionz/shared';
import { StubbedApiError, stubApi } from '@/testing/fake-api';
import { createFakeAuth } from '@/testing/fake-auth';
import { renderApp } from '@/testing/render';

describe('the claim link’s page for an address without an account', { timeout: 20_000 }, () => {
  it('says Signup failed with the server’s words when the new account cannot be opened', async () => {
    const refusal = 'Our sign-up service is busy. Please try again in a minute.';
    stubApi({
      inspectClaimLink: () => ({ businessId: 'b-1', businessName: 'Pennine Plumbing', email: 'owner@example.co.uk', accountExists: false }),
      completeClaim: () => {
        throw new StubbedApiError(503, { error: { code: ERROR_CODES.internal.code, message: refusal } });
      },
    });
    const { user } = renderApp(`${CLAIM_COMPLETE_PATH}?token=t-1`, createFakeAuth());
    await user.type(await screen.findByLabelText(/^Password/), 'Correct-horse-1');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Correct-horse-1');
    await user.click(screen.getByRole('button', { name: /Claim/ }));
    expect(await screen.findByText(CLAIM_MESSAGES.signupFailed)).toBeInTheDocument();
    expect(screen.getAllByText(refusal).length).toBeGreaterThan(0);
  });
});
