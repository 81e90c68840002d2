import { appendFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { routeList } from '@solutionz/shared';
import { documentClient } from '@solutionz/lambdas/adapters/dynamodb';
import { MAIL_WORKER_STREAM_FILTERS } from '@solutionz/lambdas/data/stream-filters';
import * as cognitoLocal from './cognito';
import * as lambdaInvoke from './lambda-invoke';
import { demoProviders, demoUsers, type DemoUser } from './demo-data';
import type { DemoMember } from './demo-memberships';
import * as dynamodb from './dynamodb';
import { startEdge } from './edge';
import { selfSignedTls } from './tls';
import { createGatewayListener, startGateway, type GatewayOptions } from './gateway';
import { createJwtAuthorizer, fetchJwks } from './jwt-authorizer';
import { localFunctions } from './lambda-functions';
import type { Ports } from './ports';
import { localPostcodeDataDir, localPostcodeDataMissingMessage } from './postcode-data';
import { localTownTable } from './town-table';
import type { PhaseClock, PhaseTimes } from './phases';
import type { LocalService } from './process';
import * as s3 from './s3';
import { LOCAL_ORIGIN_HEADERS } from './origin';
import { beginLocalStack, direct, type BeginOptions, type BegunStack } from './stack-begin';
import { LOCAL_ADMIN_EMAIL_DOMAIN, LOCAL_REGION, LOCAL_STRIPE_WEBHOOK_SECRET, LOCAL_TABLE_NAME, REPO_ROOT } from './stack-config';
import { loadDemoData, loadDemoModules, type DemoModules } from './stack-demo';
import { lambdaEnvironment, writeWebConfig } from './stack-environment';
import { startLocalStripe, type LocalStripe } from './stripe/local-stripe';
import { startSchedule } from './schedule';
import { startStreamPoller } from './stream-poller';
import { ensureStream, ensureTable } from './table';
import { ensureUserPool, type UserPoolIds } from './user-pool';

export { LOCAL_ADMIN_EMAIL_DOMAIN, LOCAL_MAIL_FROM, LOCAL_REGION, LOCAL_STRIPE_WEBHOOK_SECRET, LOCAL_TABLE_NAME, REPO_ROOT } from './stack-config';
export { LOCAL_ORIGIN_HEADERS } from './origin';

export interface LocalStackOptions extends BeginOptions {
  /**
   * With `web: 'prod'`: the edge listens over HTTPS and HTTP/2 too, on the `webSecure` port with a self-signed
   * certificate (`urls.webSecure`), as CloudFront serves viewers: the web benchmark's browser measures through it.
   */
  readonly secureWeb?: boolean;
  /**
   * Fill the directory with its ~300 generated providers (demo-directory.ts) along with the demo data:
   * `npm start` does; test stacks do not, so they start faster and no test meets providers it did not make.
   */
  readonly demoDirectory?: boolean;
  /**
   * How often the message mails worker runs (the cloud's schedule runs it every minute); its mails go
   * out ten minutes after a message is left unread whatever this is.
   */
  readonly messageMailsEveryMs?: number;
  /**
   * How often the web's open conversation and inbox ask for new messages (the runtime config's `messagePollMs`). Unset,
   * the web's own interval, as every deployed stage has it; stacks in memory (the tests') ask every second, so that
   * a browser test sees a message arrive as soon as the app would show it.
   */
  readonly messagePollMs?: number;
  /**
   * Run the mails worker on the table's stream (default): the benchmarks, which bulk-load tens of thousands of jobs,
   * turn it off, so that it does not work through their inserts in the same process while they measure.
   */
  readonly streamPoller?: boolean;
  /** Progress messages. */
  readonly log?: (line: string) => void;
}

export interface LocalStack {
  readonly ports: Ports;
  readonly dataDir: string;
  readonly urls: {
    readonly web?: string;
    /** The edge's HTTPS listener (LocalStackOptions.secureWeb). */
    readonly webSecure?: string;
    readonly api: string;
    readonly gateway: string;
    readonly dynamodb: string;
    readonly cognito: string;
    readonly cognitoLocal: string;
    readonly s3: string;
    readonly inbox: string;
    /** The local Stripe: its API, hosted pages and test controls (`/__clock/advance`, `/__faults`, `/__settled`). */
    readonly stripe: string;
    /** The local Lambda Invoke endpoint, which also drains the table's stream for tests (`POST /__stream/drain`). */
    readonly lambda: string;
  };
  readonly region: string;
  readonly tableName: string;
  readonly userPool: UserPoolIds;
  readonly webConfigFile: string;
  /** The printed demo logins (the directory's other demo providers are not among them). */
  readonly demoUsers: readonly DemoUser[];
  /** The local Stripe, for tests that move its clock or turn on its faults. */
  readonly stripe: LocalStripe;
  /** What was created this start (rather than kept from an earlier one). */
  readonly created: { readonly table: boolean; readonly userPool: boolean };
  /** The environment the Lambda handlers run with. */
  readonly lambdaEnv: Readonly<Record<string, string>>;
  /** How long each step of this start took (`npm start` prints them). */
  readonly timings: PhaseTimes;
  stop(): Promise<void>;
}

interface State {
  userPool?: UserPoolIds;
}

function readState(file: string): State {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as State;
  } catch {
    return {};
  }
}

/** Stops services in reverse start order; every one is attempted even if another fails. */
async function stopAll(services: LocalService[]): Promise<void> {
  const running = services.splice(0).reverse();
  await Promise.allSettled(running.map((service) => service.stop()));
}

/** Where the stack answers, by its ports: the web's origin (and the API through it) when it serves the web. */
function localUrls(ports: Ports, webMode: LocalStackOptions['web'], secureWeb: boolean): LocalStack['urls'] {
  return {
    web: webMode ? `http://localhost:${ports.web}` : undefined,
    webSecure: secureWeb ? `https://localhost:${ports.webSecure}` : undefined,
    api: webMode ? `http://localhost:${ports.web}/api` : `http://localhost:${ports.gateway}/api`,
    gateway: `http://localhost:${ports.gateway}`,
    dynamodb: `http://localhost:${ports.dynamodb}`,
    cognito: `http://localhost:${ports.cognitoProxy}`,
    cognitoLocal: `http://localhost:${ports.cognito}`,
    s3: `http://localhost:${ports.s3}`,
    inbox: `http://localhost:${ports.ses}`,
    stripe: `http://localhost:${ports.stripe}`,
    lambda: `http://localhost:${ports.lambdaInvoke}`,
  };
}

/**
 * The servers beginLocalStack set going, each listed once it answers (to be stopped with the stack). Each step of the
 * start waits only for the servers it needs: the table for DynamoDB Local, the user pool for cognito-local, the demo
 * data for both and s3rver; the web (Vite or the production build) and SES before the stack is ready.
 */
function trackServers({ dynamodb: dynamodbStarting, servers, webBuild }: BegunStack) {
  const services: LocalService[] = [];
  const started = <T extends LocalService>(service: T): T => {
    services.push(service);
    return service;
  };
  const up = {
    dynamodb: dynamodbStarting.then(started),
    cognitoProxy: servers.cognito
      .then(started)
      .then(() => servers.cognitoProxy)
      .then(started),
    s3: servers.s3.then(started),
    ses: servers.ses.then(started),
    web: servers.web?.then(started),
  };
  const everyServer = Promise.allSettled([...Object.values(up), webBuild]);
  return {
    services,
    started,
    up,
    /** Every server up and the production build made, or the first failure. */
    allUp: async () => {
      const failed = (await everyServer).find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
      if (failed) throw failed.reason;
    },
    /** Stops what started, servers still starting too (once they have started or failed), and throws `error` on. */
    fail: async (error: unknown): Promise<never> => {
      await everyServer;
      await stopAll(services);
      throw error;
    },
  };
}

/** What the phases of a start share: its clock, ports and logs, and the list of what it started (to stop with the stack). */
interface StartPhase {
  readonly clock: PhaseClock;
  readonly ports: Ports;
  readonly logs: string;
  started<T extends LocalService>(service: T): T;
}

/** Appends timestamped lines to a log file under the stack's logs. */
function logTo(file: string): (line: string) => void {
  return (line) => appendFileSync(file, `${new Date().toISOString()} ${line}\n`);
}

/**
 * The API as the cloud runs it: the Lambda functions behind the gateway and its JWT authorizer, the mails worker on the
 * table's stream, the user pool's trigger, and the message mails worker on its schedule.
 */
async function startApi({ clock, ports, logs, started }: StartPhase, userPool: UserPoolIds, cognitoUrl: string, options: LocalStackOptions) {
  const issuer = `${cognitoUrl}/${userPool.userPoolId}`;
  const functions = localFunctions(REPO_ROOT, [...new Set(routeList.map((route) => route.area))]);
  const jwks = await fetchJwks(`${direct(ports.cognitoProxy)}/${userPool.userPoolId}/.well-known/jwks.json`);
  // What the cloud's event source mapping does: new jobs and providers' news on the table's stream reach the mails worker.
  const streamPoller =
    options.streamPoller === false
      ? undefined
      : started(
          await startStreamPoller({
            endpoint: direct(ports.dynamodb),
            region: LOCAL_REGION,
            credentials: s3.S3RVER_CREDENTIALS,
            tableName: LOCAL_TABLE_NAME,
            handler: functions.jobAlerts,
            filters: MAIL_WORKER_STREAM_FILTERS,
            logsDir: logs,
          }),
        );
  // What the user pool's trigger does in the cloud: every sign-in is recorded as a session (the admin analytics).
  started(
    await lambdaInvoke.start({
      port: ports.lambdaInvoke,
      functions: (name) =>
        name === cognitoLocal.POST_AUTHENTICATION_FUNCTION
          ? functions.postAuthentication
          : name === lambdaInvoke.CREDENTIAL_REMINDERS_FUNCTION
            ? () => functions.credentialReminders()
            : undefined,
      // Tests ask for the stream to be read to its end before they count the mails the worker sent.
      drainStream: streamPoller && (() => streamPoller.drain()),
      log: logTo(join(logs, 'triggers.log')),
    }),
  );
  const gateway: Omit<GatewayOptions, 'port'> = {
    routes: routeList,
    handlers: functions.handlers,
    verifier: createJwtAuthorizer({ issuer, audience: userPool.userPoolClientId, jwks }),
    log: logTo(join(logs, 'gateway.log')),
  };
  const gatewayDone = clock.begin('gateway');
  started(await startGateway({ ...gateway, port: ports.gateway }));
  // What the cloud's EventBridge rule does: the message mails worker (which also removes unsent images whose keeping ended) runs every minute.
  started(
    startSchedule({
      name: 'message mails',
      everyMs: options.messageMailsEveryMs ?? 60_000,
      run: () => functions.messageMails(),
      logFile: join(logs, 'message-mails.log'),
    }),
  );
  // The credential expiry worker runs hourly in the cloud; locally too, and on request (tests invoke it by name).
  started(
    startSchedule({
      name: 'credential reminders',
      everyMs: 3_600_000,
      run: () => functions.credentialReminders(),
      logFile: join(logs, 'credential-reminders.log'),
    }),
  );
  gatewayDone();
  return { functions, gateway };
}

interface EdgeInput {
  readonly siteDir: string;
  readonly webConfigFile: string;
  readonly gateway: Omit<GatewayOptions, 'port'>;
  readonly siteUrl: string;
  readonly documents: DynamoDBDocumentClient;
  readonly urls: LocalStack['urls'];
  /** Where the self-signed certificate of the HTTPS listener is kept, when the edge has one. */
  readonly tlsDir: string | undefined;
}

/** The production build behind the local edge, as CloudFront serves it in the cloud (edge.ts). */
async function startLocalEdge(
  { ports, logs, started }: StartPhase,
  { siteDir, webConfigFile, gateway, siteUrl, documents, urls, tlsDir }: EdgeInput,
): Promise<void> {
  // Loaded for the production build only: the pages' Lambda and its renderer.
  const { localPagesHandler } = await import('./pages');
  const edgeLog = logTo(join(logs, 'edge.log'));
  started(
    await startEdge({
      port: ports.web,
      siteDir,
      webConfigFile,
      api: createGatewayListener(gateway),
      originHeaders: LOCAL_ORIGIN_HEADERS,
      pages: localPagesHandler({ siteDir, siteUrl, documents, tableName: LOCAL_TABLE_NAME, log: edgeLog }),
      media: { origin: direct(ports.s3), buckets: s3.LOCAL_BUCKETS },
      origins: { cognito: urls.cognito, uploads: urls.s3 },
      ...(tlsDir ? { secure: { port: ports.webSecure, tls: selfSignedTls(tlsDir) } } : {}),
      log: edgeLog,
    }),
  );
}

/** The local Stripe, its webhooks going to the gateway: started once the gateway answers, so the events a restart resumes have somewhere to go. */
async function startStripe({ clock, ports, logs, started }: StartPhase, dataFile: string | undefined): Promise<LocalStripe> {
  return started(
    await clock.time('stripe', () =>
      startLocalStripe({
        port: ports.stripe,
        webhookUrl: `${direct(ports.gateway)}/api/stripe/webhook`,
        webhookSecret: LOCAL_STRIPE_WEBHOOK_SECRET,
        // Stripe calls the site's CloudFront address in the cloud, which adds the origin header; here it calls the gateway.
        webhookHeaders: LOCAL_ORIGIN_HEADERS,
        dataFile,
        log: logTo(join(logs, 'stripe.log')),
      }),
    ),
  );
}

/** The demo accounts that come with a membership buy it through the local Stripe, as a member would. */
async function buyDemoMemberships(
  clock: PhaseClock,
  stripe: LocalStripe,
  documents: DynamoDBDocumentClient,
  members: readonly DemoMember[],
  log: (line: string) => void,
): Promise<void> {
  if (members.length === 0) return;
  log('Buying the demo memberships through the local Stripe…');
  // Loaded now, not with this module: the membership area reads the Lambda environment when loaded.
  const [{ loadDemoMemberships }, { createAccountRepository }] = await Promise.all([
    import('./demo-memberships'),
    import('@solutionz/lambdas/data/account-repository'),
  ]);
  await clock.time('memberships', () => loadDemoMemberships(stripe, createAccountRepository(documents, LOCAL_TABLE_NAME), members));
}

/**
 * Starts the whole local stack (docs/local-stack.md) and provisions it: table, buckets, user pool and
 * groups, demo data on first start (its memberships bought through the local Stripe once the gateway
 * answers). `npm start` and `npm test` both use it.
 */
export async function startLocalStack(options: LocalStackOptions = {}, begun?: BegunStack): Promise<LocalStack> {
  const log = options.log ?? (() => undefined);
  // Begun by the caller (npm start, before it loaded this module) with the same options, or now.
  const stack = begun ?? (await beginLocalStack(options));
  const { clock, ports, dataDir, logs, webBuild, siteDir, webConfigFile } = stack;
  const webMode = options.web ?? false;
  const stateFile = join(dataDir, 'state.json');
  // Without kept state this start is to make the demo data, whose modules load meanwhile (a guess: the table and pool decide).
  let demoModules = existsSync(stateFile) ? undefined : loadDemoModules();
  demoModules?.catch(() => undefined);
  // The demo directory's towns and providers are this process's own work (seconds: the postcode and town tables),
  // done while it would otherwise only wait for the servers; the table gets them once it exists.
  const demoNow = new Date();
  const demoPlanFor = (modules: DemoModules) => modules.planDemoDirectory(localPostcodeDataDir(REPO_ROOT), demoNow, localTownTable());
  let demoPlan = options.demoDirectory ? demoModules?.then((modules) => clock.time('plan', () => demoPlanFor(modules))) : undefined;
  demoPlan?.catch(() => undefined);

  const secureWeb = webMode === 'prod' && options.secureWeb === true;
  const urls = localUrls(ports, webMode, secureWeb);
  const { services, started, up, allUp, fail } = trackServers(stack);
  const phase: StartPhase = { clock, ports, logs, started };

  const webStep = { dev: ' and the web dev server', prod: webBuild ? ' and building the web for production' : '', false: '' }[`${webMode}`];
  log(`Starting DynamoDB Local, cognito-local, s3rver, SES${webStep}…`);
  try {
    const awsConfig = {
      region: LOCAL_REGION,
      credentials: { ...s3.S3RVER_CREDENTIALS },
    };
    const dynamoClient = new DynamoDBClient({ ...awsConfig, endpoint: direct(ports.dynamodb) });
    const cognitoClient = new CognitoIdentityProviderClient({ ...awsConfig, endpoint: direct(ports.cognitoProxy) });

    await clock.time('servers', () => Promise.all([up.dynamodb, up.cognitoProxy]));
    log('Creating the table, user pool and groups…');
    const [tableCreated, userPool] = await Promise.all([
      // A new table's stream is turned on once the demo data is in: nothing reads those records (the poller starts at the end).
      clock.time('table', () => ensureTable(dynamoClient, LOCAL_TABLE_NAME, { stream: false })),
      clock.time('pool', () => ensureUserPool(cognitoClient, readState(stateFile).userPool)),
    ]);
    writeFileSync(
      stateFile,
      JSON.stringify(
        { userPool: { userPoolId: userPool.userPoolId, userPoolClientId: userPool.userPoolClientId, serverClientId: userPool.serverClientId } },
        null,
        2,
      ),
    );

    // Demo data goes in with a fresh store only, so a restart never undoes what was changed locally.
    const documents = documentClient(dynamoClient);
    const users = demoUsers(LOCAL_ADMIN_EMAIL_DOMAIN);
    const demo = tableCreated || userPool.created ? await (demoModules ??= loadDemoModules()) : undefined;
    const everyDemoUser = demo ? [...users, ...demoProviders(), ...demo.demoModeratedUsers()] : users;
    const demoDone = demo ? clock.begin('demo') : () => undefined;
    const demoUserIds = await loadDemoData(demo, {
      clock,
      documents,
      cognito: cognitoClient,
      userPoolId: userPool.userPoolId,
      users,
      everyDemoUser,
      tableCreated,
      now: demoNow,
      directoryPlan: demo && options.demoDirectory ? () => (demoPlan ??= demoPlanFor(demo)) : undefined,
      s3: { endpoint: direct(ports.s3), ready: up.s3 },
    });
    demoDone();
    if (tableCreated) await clock.time('stream', () => ensureStream(dynamoClient, LOCAL_TABLE_NAME));
    if (demo) log('Demo data loaded.');
    // Stripe's state goes with the table's: memberships kept at Stripe for profiles that are gone would renew for no one.
    const stripeDataFile = options.inMemory ? undefined : join(dataDir, 'stripe', 'state.json');
    if (tableCreated && stripeDataFile) rmSync(stripeDataFile, { force: true });

    const postcodeDataDir = localPostcodeDataDir(REPO_ROOT);
    if (!postcodeDataDir) log(localPostcodeDataMissingMessage(REPO_ROOT));
    const lambdaEnv = lambdaEnvironment({ ports, userPool, s3Url: urls.s3, postcodeDataDir, edge: Boolean(siteDir) });
    Object.assign(process.env, lambdaEnv);
    delete process.env.AWS_PROFILE;

    const { functions, gateway } = await startApi(phase, userPool, urls.cognito, options);
    writeWebConfig(webConfigFile, { userPool, cognitoUrl: urls.cognito, messagePollMs: options.messagePollMs ?? (options.inMemory ? 1_000 : undefined) });

    await allUp();
    if (siteDir) {
      const tlsDir = secureWeb ? join(dataDir, 'tls') : undefined;
      await startLocalEdge(phase, { siteDir, webConfigFile, gateway, siteUrl: lambdaEnv.SITE_URL!, documents, urls, tlsDir });
    }
    const stripe = await startStripe(phase, stripeDataFile);
    const demoMembers = everyDemoUser.flatMap((user) => {
      const userId = demoUserIds?.get(user.email);
      return user.membership && userId ? [{ email: user.email, userId, membership: user.membership }] : [];
    });
    await buyDemoMemberships(clock, stripe, documents, demoMembers, log);

    // Once ready: the next start of DynamoDB Local maps its classes from an archive made from this one's.
    dynamodb.makeClassSharingArchive(join(logs, 'class-sharing.log'));
    // And the Lambda functions not called yet load now, while the site is being opened (lambda-functions.ts).
    functions.warm().catch((error: unknown) => console.error(`\n${error instanceof Error ? error.message : String(error)}`));
    const running = [...services];
    return {
      ports,
      dataDir,
      urls,
      region: LOCAL_REGION,
      tableName: LOCAL_TABLE_NAME,
      userPool: { userPoolId: userPool.userPoolId, userPoolClientId: userPool.userPoolClientId, serverClientId: userPool.serverClientId },
      webConfigFile,
      demoUsers: users,
      stripe,
      created: { table: tableCreated, userPool: userPool.created },
      lambdaEnv,
      timings: clock,
      stop: () => stopAll(running),
    };
  } catch (error) {
    return fail(error);
  }
}

/**
 * How the integration and browser tests find a running stack (read back by test/support/local-stack.ts),
 * on top of the environment they would otherwise get.
 */
export function testEnvironment(stack: LocalStack): Record<string, string> {
  return {
    API_BASE_URL: stack.urls.api,
    GATEWAY_URL: stack.urls.gateway,
    COGNITO_ENDPOINT: stack.urls.cognito,
    USER_POOL_ID: stack.userPool.userPoolId,
    USER_POOL_CLIENT_ID: stack.userPool.userPoolClientId,
    DYNAMODB_ENDPOINT: stack.urls.dynamodb,
    TABLE_NAME: stack.tableName,
    SES_URL: stack.urls.inbox,
    S3_ENDPOINT: stack.urls.s3,
    STRIPE_URL: stack.urls.stripe,
    LAMBDA_URL: stack.urls.lambda,
    AWS_REGION: stack.region,
    ...(stack.urls.web ? { E2E_BASE_URL: stack.urls.web } : {}),
  };
}
