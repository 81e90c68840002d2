import { useState } from 'react';
import { MESSAGES } from '@solutionz/shared';

export type ResendState = { status: 'idle' } | { status: 'sending' } | { status: 'sent' } | { status: 'failed'; message: string };

/**
 * Sends the signed-in person's confirmation e-mail again. The resend route is public (API Gateway
 * passes no caller there), so the address is named. A refusal says why, and when the day's cap or the
 * countdown lets the next one go.
 */
export function useResendConfirmation(email: string): { state: ResendState; resend: () => Promise<void> } {
  const [state, setState] = useState<ResendState>({ status: 'idle' });
  async function resend() {
    setState({ status: 'sending' });
    // Loaded on use: the notices that offer this are on pages that need the API client for nothing else yet.
    const [{ apiRequest }, { errorMessageWithRetry }, { accountRoutes }] = await Promise.all([
      import('@/lib/api-client'),
      import('@/lib/retry-after'),
      import('@/lib/lazy-routes/account-routes'),
    ]);
    try {
      await apiRequest(accountRoutes.resendConfirmation, { body: { email } });
      setState({ status: 'sent' });
    } catch (error) {
      setState({ status: 'failed', message: errorMessageWithRetry(error, error instanceof Error ? error.message : MESSAGES.api.internal) });
    }
  }
  return { state, resend };
}
