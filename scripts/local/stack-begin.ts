import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as dynamodb from './dynamodb';
import { phaseClock, type PhaseClock } from './phases';
import { portsFor, type Ports } from './ports';
import { checkJava, checkPorts } from './preflight';
import type { LocalService } from './process';

/**
 * The first steps of a local stack's start, in a module that loads nothing heavy: the checks, the reset,
 * and every server that runs as a process of its own set going: DynamoDB Local first (its JVM is the
 * slowest to start), then cognito-local (with its proxy), s3rver, the local SES and the web (the Vite dev
 * server, or the production build). `npm start` takes them before it loads the rest of the stack (the AWS
 * SDK and the app's modules: seconds), so the servers start meanwhile; `startLocalStack` takes them itself
 * otherwise, and awaits the servers (its `servers` step).
 */
export interface BegunStack {
  readonly clock: PhaseClock;
  readonly offset: number;
  readonly ports: Ports;
  readonly dataDir: string;
  readonly logs: string;
  /** DynamoDB Local, starting (its time is the clock's `dynamodb` step). */
  readonly dynamodb: Promise<LocalService>;
  /** The other servers, starting, each with its step of the clock (the proxy's is cognito's). */
  readonly servers: {
    readonly cognito: Promise<LocalService>;
    readonly cognitoProxy: Promise<LocalService>;
    readonly s3: Promise<LocalService>;
    readonly ses: Promise<LocalService>;
    /** The Vite dev server, with `web: 'dev'`. */
    readonly web?: Promise<LocalService>;
  };
  /** The production build of the web into `siteDir` (`web: 'prod'` without a `siteDir` given), under way. */
  readonly webBuild?: Promise<void>;
  /** Where the production build is, with `web: 'prod'`. */
  readonly siteDir?: string;
  /** The runtime config the web reads (the Vite dev server per request, so it starts before the file is written). */
  readonly webConfigFile: string;
  /** What the stack's URLs point at: the proxy the app talks to for Cognito, the gateway for the dev server's /api. */
  readonly urls: { readonly cognito: string };
}

/** The local stack's options that its first servers read (the rest are LocalStackOptions', stack.ts). */
export interface BeginOptions {
  /** Added to every default port (docs/local-stack.md#other-stacks-on-this-machine). */
  readonly portOffset?: number;
  /** Where data, logs and state live; `.local/` of the repository by default. */
  readonly dataDir?: string;
  /** DynamoDB and the local Stripe in memory (tests) instead of files under `dataDir`. */
  readonly inMemory?: boolean;
  /**
   * The web on the web port: `dev` is the Vite dev server with hot reload; `prod` is the production
   * build behind the local edge, served as CloudFront serves it in the cloud (edge.ts).
   */
  readonly web?: false | 'dev' | 'prod';
  /** With `web: 'prod'`: an existing production build to serve; otherwise one is built into the data folder. */
  readonly siteDir?: string;
  /** Wipe `dataDir` first. */
  readonly reset?: boolean;
}

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The servers listen on 127.0.0.1; Node's own clients use that address to skip the ::1 attempt. */
export const direct = (port: number) => `http://127.0.0.1:${port}`;

/** Started, or failed: the stack's start awaits it, so a failure meanwhile is not an unhandled one. */
function awaited<T>(starting: Promise<T>): Promise<T> {
  starting.catch(() => undefined);
  return starting;
}

export async function beginLocalStack(options: BeginOptions): Promise<BegunStack> {
  const clock = phaseClock();
  const offset = options.portOffset ?? 0;
  const ports = portsFor(offset);
  const dataDir = resolve(options.dataDir ?? join(REPO_ROOT, '.local'));
  const logs = join(dataDir, 'logs');
  const webMode = options.web ?? false;

  const { web: webPort, ...backendPorts } = ports;
  await Promise.all([checkJava(), checkPorts(webMode ? { ...backendPorts, web: webPort } : backendPorts, offset)]);

  if (options.reset) rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(logs, { recursive: true });

  const starting = awaited(
    clock.time('dynamodb', () =>
      dynamodb.start({
        port: ports.dynamodb,
        dataDir: join(dataDir, 'dynamodb'),
        inMemory: options.inMemory ?? false,
        logFile: join(logs, 'dynamodb.log'),
        listClasses: true,
      }),
    ),
  );

  // Their modules load once the JVM is set going (s3's brings the shared package).
  const modules = Promise.all([import('./cognito'), import('./cognito-proxy'), import('./s3'), import('./ses'), import('./web'), import('./origin')]);
  const started = <T>(name: string, start: (loaded: Awaited<typeof modules>) => Promise<T>) =>
    awaited(modules.then((loaded) => clock.time(name, () => start(loaded))));
  const urls = { cognito: `http://localhost:${ports.cognitoProxy}` };
  const webConfigFile = join(dataDir, 'web-config.json');
  const siteDir = webMode === 'prod' ? resolve(options.siteDir ?? join(dataDir, 'site')) : undefined;

  const cognito = started('cognito', ([cognitoLocal]) =>
    cognitoLocal.start({
      port: ports.cognito,
      dir: join(dataDir, 'cognito'),
      issuerDomain: urls.cognito,
      logFile: join(logs, 'cognito.log'),
      // Sign-ins call the post-authentication trigger, served by the stack once the Lambda environment is set.
      triggers: { endpoint: direct(ports.lambdaInvoke), functions: { PostAuthentication: cognitoLocal.POST_AUTHENTICATION_FUNCTION } },
    }),
  );
  const servers = {
    cognito,
    cognitoProxy: awaited(
      cognito.then(() => modules).then(([, cognitoProxy]) => cognitoProxy.start({ port: ports.cognitoProxy, upstream: direct(ports.cognito) })),
    ),
    s3: started('s3', ([, , s3]) => s3.start({ port: ports.s3, dataDir: join(dataDir, 's3'), logFile: join(logs, 's3.log') })),
    ses: started('ses', ([, , , ses]) => ses.start({ port: ports.ses, logFile: join(logs, 'ses.log') })),
    ...(webMode === 'dev'
      ? {
          web: started('web', ([, , , , web, { LOCAL_ORIGIN_HEADERS }]) =>
            web.start({
              port: ports.web,
              apiOrigin: direct(ports.gateway),
              originHeaders: LOCAL_ORIGIN_HEADERS,
              webConfigFile,
              logFile: join(logs, 'web.log'),
            }),
          ),
        }
      : {}),
  };
  const webBuild = siteDir && !options.siteDir ? started('web build', ([, , , , web]) => web.buildSite(siteDir, join(logs, 'web-build.log'))) : undefined;
  return {
    clock,
    offset,
    ports,
    dataDir,
    logs,
    dynamodb: starting,
    servers,
    ...(webBuild ? { webBuild } : {}),
    ...(siteDir ? { siteDir } : {}),
    webConfigFile,
    urls,
  };
}
