import { CREDENTIAL_REMINDERS_FUNCTION } from '../../scripts/local/lambda-invoke';
import { loadRunningTestStack } from '../../scripts/local/test-stack-file';

// `SOLUTIONZ_TEST_STACK=1`: the stack `npm run stack:test` keeps running.
loadRunningTestStack();

/**
 * Has the local stack run the credential expiry worker now, as its hourly schedule would, and resolves with what the
 * run did once it has finished: the reminders it mailed are in the local inbox then.
 */
export async function runCredentialReminders(): Promise<{ reminded: number; expired: number }> {
  const lambdaUrl = process.env.LAMBDA_URL;
  if (!lambdaUrl) throw new Error('LAMBDA_URL is not set: this test needs a local stack that runs its workers on request (restart `npm run stack:test`)');
  const response = await fetch(new URL(`/2015-03-31/functions/${CREDENTIAL_REMINDERS_FUNCTION}/invocations`, lambdaUrl), { method: 'POST', body: '{}' });
  const body = (await response.json()) as { reminded: number; expired: number; errorMessage?: string };
  if (!response.ok || response.headers.get('x-amz-function-error'))
    throw new Error(`The credential reminders worker failed: ${body.errorMessage ?? response.status}`);
  return body;
}
