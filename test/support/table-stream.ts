import { STREAM_DRAIN_PATH } from '../../scripts/local/lambda-invoke';
import { loadRunningTestStack } from '../../scripts/local/test-stack-file';

// `SOLUTIONZ_TEST_STACK=1`: the stack `npm run stack:test` keeps running.
loadRunningTestStack();

/**
 * Has the local stack hand every record written to the table's stream so far to the notification mails worker (job
 * alerts, provider updates), and resolves once it has: the mails those records make are in the local inbox then, and
 * none of them is still to come. A test counts the mails after this instead of waiting for the stream's next poll.
 */
export async function drainTableStream(): Promise<void> {
  const lambdaUrl = process.env.LAMBDA_URL;
  if (!lambdaUrl) throw new Error('LAMBDA_URL is not set: this test needs a local stack that drains its stream on request (restart `npm run stack:test`)');
  const response = await fetch(new URL(STREAM_DRAIN_PATH, lambdaUrl), { method: 'POST' });
  if (!response.ok) throw new Error(`The local stack did not drain its stream: ${response.status} ${await response.text()}`);
}
