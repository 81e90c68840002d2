import { buffer } from 'node:stream/consumers';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serveHttp, type LocalService } from './process';

/**
 * A local stand-in for Lambda's Invoke API (`POST /2015-03-31/functions/<name>/invocations`, the
 * RequestResponse kind), so that cognito-local's triggers run the same handlers the user pool runs in
 * the cloud: cognito-local calls the endpoint named `LambdaClient.endpoint` in its config with the
 * function named in `TriggerFunctions` (see cognito.ts). As Lambda does, a handler that throws answers
 * 200 with the `X-Amz-Function-Error: Unhandled` header and `{ errorMessage, errorType }`, and an unknown
 * function answers 404 ResourceNotFoundException.
 *
 * The stack's own stand-in for the table stream's event source mapping (stream-poller.ts) takes one order here,
 * which the cloud has no need of: `POST /__stream/drain` answers once every record written to the stream before
 * it has been handed to the mails worker, so a test asserts on the mails sent without waiting for the next poll.
 */

/** A function's handler as Lambda calls it: the event in, the result out. */
export type LocalFunction = (event: unknown) => Promise<unknown>;

/** The function a name stands for, or undefined when there is none. */
export type LocalFunctions = (name: string) => LocalFunction | undefined;

export const STREAM_DRAIN_PATH = '/__stream/drain';
/** The name the credential expiry worker is invoked by (a test runs it at once instead of waiting for its hour). */
export const CREDENTIAL_REMINDERS_FUNCTION = 'credential-reminders';

const INVOKE_PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations(?:\?.*)?$/;

function answer(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body ?? null);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)), ...headers });
  res.end(text);
}

/** The endpoint's request handling, for a server that also answers other paths (the connected tests' router). */
export function invokeListener(functions: LocalFunctions, log: (line: string) => void = () => undefined) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const match = req.method === 'POST' ? INVOKE_PATH.exec(req.url ?? '') : null;
    if (!match) return answer(res, 404, { Type: 'User', Message: 'Only Invoke is served here' }, { 'x-amzn-errortype': 'ResourceNotFoundException' });
    const name = decodeURIComponent(match[1]!);
    const fn = functions(name);
    if (!fn) return answer(res, 404, { Type: 'User', Message: `Function not found: ${name}` }, { 'x-amzn-errortype': 'ResourceNotFoundException' });
    let event: unknown;
    try {
      event = JSON.parse((await buffer(req)).toString('utf8') || 'null');
    } catch {
      return answer(res, 400, { Type: 'User', Message: 'The payload is not JSON' }, { 'x-amzn-errortype': 'InvalidRequestContentException' });
    }
    try {
      answer(res, 200, await fn(event), { 'x-amz-executed-version': '$LATEST' });
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      log(`${name} failed: ${failure.stack ?? failure.message}`);
      answer(
        res,
        200,
        { errorMessage: failure.message, errorType: failure.name },
        { 'x-amz-function-error': 'Unhandled', 'x-amz-executed-version': '$LATEST' },
      );
    }
  };
}

export interface LambdaInvokeOptions {
  readonly port: number;
  readonly functions: LocalFunctions;
  /** What `POST /__stream/drain` does: absent when the stack polls no stream. */
  readonly drainStream?: () => Promise<void>;
  readonly log?: (line: string) => void;
}

export function start(opts: LambdaInvokeOptions): Promise<LocalService> {
  const invoke = invokeListener(opts.functions, opts.log);
  const listener = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.url !== STREAM_DRAIN_PATH) return invoke(req, res);
    if (req.method !== 'POST') return answer(res, 405, { Message: `Only POST ${STREAM_DRAIN_PATH}` });
    if (!opts.drainStream) return answer(res, 404, { Message: 'This stack polls no stream' });
    await opts.drainStream();
    answer(res, 200, { drained: true });
  };
  return serveHttp('Lambda Invoke (Cognito triggers, stream drain)', opts.port, (req, res) => {
    listener(req, res).catch((error: unknown) => {
      if (res.headersSent) return res.destroy();
      answer(res, 500, { Type: 'Service', Message: (error as Error).message }, { 'x-amzn-errortype': 'ServiceException' });
    });
  });
}
