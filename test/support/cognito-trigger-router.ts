import { buffer } from 'node:stream/consumers';
import { invokeListener, type LocalFunction } from '../../scripts/local/lambda-invoke';
import { serveHttp, type LocalService } from '../../scripts/local/process';

/**
 * cognito-local calls its triggers for every pool (its config has one set), while each connected test
 * file has a pool and a table of its own, in a worker of its own. So the run's cognito-local calls one
 * router (started by the global setup) and the router passes each invocation on to the Invoke endpoint
 * the invoking pool's test file registered (PUT /__pools/<poolId> with `{ url }`); a pool nobody
 * registered gets its event back, as if it had no trigger.
 */
export async function startTriggerRouter(): Promise<LocalService> {
  const routes = new Map<string, string>();
  const forward =
    (name: string): LocalFunction =>
    async (event) => {
      const url = routes.get(String((event as { userPoolId?: unknown } | null)?.userPoolId));
      if (!url) return event;
      const response = await fetch(`${url}/2015-03-31/functions/${encodeURIComponent(name)}/invocations`, { method: 'POST', body: JSON.stringify(event) });
      const result: unknown = await response.json();
      if (!response.ok || response.headers.has('x-amz-function-error'))
        throw new Error((result as { errorMessage?: string; Message?: string }).errorMessage ?? (result as { Message?: string }).Message ?? `${name} failed`);
      return result;
    };
  const invoke = invokeListener(forward);
  return serveHttp('Cognito trigger router', 0, (req, res) => {
    const pool = /^\/__pools\/([^/?]+)$/.exec(req.url ?? '')?.[1];
    const done = (status: number) => res.writeHead(status).end();
    (async () => {
      if (pool && req.method === 'PUT') {
        const { url } = JSON.parse((await buffer(req)).toString('utf8')) as { url: string };
        routes.set(decodeURIComponent(pool), url);
        return done(204);
      }
      if (pool && req.method === 'DELETE') {
        routes.delete(decodeURIComponent(pool));
        return done(204);
      }
      await invoke(req, res);
    })().catch(() => (res.headersSent ? res.destroy() : done(500)));
  });
}
