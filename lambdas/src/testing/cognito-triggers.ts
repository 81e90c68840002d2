import { afterAll, beforeAll } from 'vitest';
import { localStandIns, type LocalFunction, type LocalService } from './local-stand-ins';
import { localEndpoint } from './local-endpoint';

/**
 * Runs this test file's pool's triggers in this worker, with the handlers `functions()` gives (the real
 * trigger handlers over this file's table, say): they receive exactly what cognito-local sends. Call it
 * at the top level of the file, after useTestUserPool.
 */
export function useCognitoTriggers(userPoolId: () => string, functions: () => { readonly PostAuthentication?: LocalFunction }): void {
  const router = localEndpoint('triggerRouterEndpoint');
  let endpoint: LocalService | undefined;
  beforeAll(async () => {
    endpoint = await localStandIns().startLambdaInvoke({
      port: 0,
      // Whatever name the run's cognito-local config gives it: the router only forwards the pool's own.
      functions: () => functions().PostAuthentication,
    });
    const response = await fetch(`${router}/__pools/${encodeURIComponent(userPoolId())}`, { method: 'PUT', body: JSON.stringify({ url: endpoint.url }) });
    if (!response.ok) throw new Error(`The trigger router refused the pool: ${response.status}`);
  });
  afterAll(async () => {
    await fetch(`${router}/__pools/${encodeURIComponent(userPoolId())}`, { method: 'DELETE' }).catch(() => undefined);
    await endpoint?.stop();
  });
}
