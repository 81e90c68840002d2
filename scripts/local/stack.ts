import { appendFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { routeList, webConfigSchema, type WebConfig } from '@solutionz/shared';
import { documentClient } from '@solutionz/lambdas/adapters/dynamodb';
import { MAIL_WORKER_STREAM_FILTERS } from '@solutionz/lambdas/data/stream-filters';
import * as cognitoLocal from './cognito';
import * as lambdaInvoke from './lambda-invoke';
import { demoProviders, demoUsers, type DemoUser } from './demo-data';
import * as dynamodb from './dynamodb';
import { LOCAL_DISTRIBUTION_ID, startEdge } from './edge';
import { selfSignedTls } from './tls';
import { createGatewayListener, startGateway, type GatewayOptions } from './gateway';
import { createJwtAuthorizer, fetchJwks } from './jwt-authorizer';
import { localFunctions } from './lambda-functions';
import type { Ports } from './ports';
import { localPostcodeDataDir, localPostcodeDataMissingMessage } from './postcode-data';
import { localTownTable } from './town-table';
import type { PhaseTimes } from './phases';
import type { LocalService } from './process';
import * as s3 from './s3';
import { LOCAL_ORIGIN_HEADERS, LOCAL_ORIGIN_SECRET } from './origin';
import { beginLocalStack, direct, type BegunStack } from './stack-begin';
import { LOCAL_STRIPE_SECRET_KEY, startLocalStripe, type LocalStripe } from './stripe/local-stripe';
import { startSchedule } from './schedule';
import { startStreamPoller } from './stream-poller';
import { ensureStream, ensureTable, seedDemoCategories } from './table';
import { ensureUserPool, type UserPoolIds } from './user-pool';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const LOCAL_TABLE_NAME = 'solutionz-local';
export const LOCAL_REGION = 'eu-west-2';
const LOCAL_STAGE = 'local';
export const LOCAL_MAIL_FROM = 'no-reply@solutionz.local';
/** The local admins' mailbox (the local SES keeps every mail): where a business claim is announced. */
const LOCAL_ADMIN_NOTIFY_ADDRESS = 'admins@solutionz.local';
export const LOCAL_ADMIN_EMAIL_DOMAIN = 'admin.solutionz.local';
/** The local Stripe signs its webhooks with this, and the webhook handler checks them with it. */
export const LOCAL_STRIPE_WEBHOOK_SECRET = 'whsec_solutionz_local_webhooks';
export { LOCAL_ORIGIN_HEADERS } from './origin';

export interface LocalStackOptions {
  /** Added to every default port (DESIGN.md section 11). */
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
  /**
   * With `web: 'prod'`: the edge listens over HTTPS and HTTP/2 too, on the `webSecure` port with a self-signed
   * certificate (`urls.webSecure`), as CloudFront serves viewers: the web benchmark's browser measures through it.
   */
  readonly secureWeb?: boolean;
  /** Wipe `dataDir` first. */
  readonly reset?: boolean;
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

/** What loads the demo data, which only a start that makes it needs (demo-data.ts's logins are printed on every start). */
async function loadDemoModules() {
  const [{ loadDemoAccounts }, { planDemoDirectory, writeDemoDirectory }, { loadDemoJobs }, { demoModeratedUsers, loadDemoModeration }, { loadDemoMessages }] = await Promise.all([
    import('./demo-accounts'),
    import('./demo-directory'),
    import('./demo-jobs'),
    import('./demo-moderation'),
    import('./demo-messages'),
  ]);
  return { loadDemoAccounts, planDemoDirectory, writeDemoDirectory, loadDemoJobs, demoModeratedUsers, loadDemoModeration, loadDemoMessages };
}

/**
 * Starts the whole local stack (DESIGN.md section 11) and provisions it: table, buckets, user pool and
 * groups, demo data on first start (its memberships bought through the local Stripe once the gateway
 * answers). `npm start` and `npm test` both use it.
 */
export async function startLocalStack(options: LocalStackOptions = {}, begun?: BegunStack): Promise<LocalStack> {
  const log = options.log ?? (() => undefined);
  // Begun by the caller (npm start, before it loaded this module) with the same options, or now.
  const { clock, ports, dataDir, logs, dynamodb: dynamodbStarting, servers, webBuild, siteDir, webConfigFile } = begun ?? (await beginLocalStack(options));
  const webMode = options.web ?? false;
  const stateFile = join(dataDir, 'state.json');
  // Without kept state this start is to make the demo data, whose modules load meanwhile (a guess: the table and pool decide).
  let demoModules = existsSync(stateFile) ? undefined : loadDemoModules();
  demoModules?.catch(() => undefined);
  // The demo directory's towns and providers are this process's own work (seconds: the postcode and town tables),
  // done while it would otherwise only wait for the servers; the table gets them once it exists.
  const demoNow = new Date();
  const demoPlanFor = (modules: Awaited<ReturnType<typeof loadDemoModules>>) => modules.planDemoDirectory(localPostcodeDataDir(REPO_ROOT), demoNow, localTownTable());
  let demoPlan = options.demoDirectory ? demoModules?.then((modules) => clock.time('plan', () => demoPlanFor(modules))) : undefined;
  demoPlan?.catch(() => undefined);

  const secureWeb = webMode === 'prod' && options.secureWeb === true;
  const urls = {
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
  };

  const services: LocalService[] = [];
  const started = <T extends LocalService>(service: T): T => {
    services.push(service);
    return service;
  };
  const fail = async (error: unknown): Promise<never> => {
    // Servers still starting are stopped too, once they have started or failed.
    await everyServer;
    await stopAll(services);
    throw error;
  };

  const webStep = { dev: ' and the web dev server', prod: webBuild ? ' and building the web for production' : '', false: '' }[`${webMode}`];
  log(`Starting DynamoDB Local, cognito-local, s3rver, SES${webStep}…`);
  // Set going by beginLocalStack, each listed once it answers (to be stopped with the stack). Each step below
  // waits only for the servers it needs: the table for DynamoDB Local, the user pool for cognito-local, the
  // demo data for both and s3rver; the web (Vite or the production build) and SES before the stack is ready.
  const up = {
    dynamodb: dynamodbStarting.then(started),
    cognitoProxy: servers.cognito.then(started).then(() => servers.cognitoProxy).then(started),
    s3: servers.s3.then(started),
    ses: servers.ses.then(started),
    web: servers.web?.then(started),
  };
  const everyServer = Promise.allSettled([...Object.values(up), webBuild]);
  /** Every server up and the production build made, or the first failure. */
  const allUp = async () => {
    const failed = (await everyServer).find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    if (failed) throw failed.reason;
  };
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
    writeFileSync(stateFile, JSON.stringify({ userPool: { userPoolId: userPool.userPoolId, userPoolClientId: userPool.userPoolClientId, serverClientId: userPool.serverClientId } }, null, 2));

    // Demo data goes in with a fresh store only, so a restart never undoes what was changed locally.
    const documents = documentClient(dynamoClient);
    const users = demoUsers(LOCAL_ADMIN_EMAIL_DOMAIN);
    const demo = tableCreated || userPool.created ? await (demoModules ??= loadDemoModules()) : undefined;
    const everyDemoUser = demo ? [...users, ...demoProviders(), ...demo.demoModeratedUsers()] : users;
    const demoDone = demo ? clock.begin('demo') : () => undefined;
    const [, demoDirectory, demoUserIds] = await Promise.all([
      tableCreated ? clock.time('categories', () => seedDemoCategories(documents, LOCAL_TABLE_NAME)) : undefined,
      demo && tableCreated && options.demoDirectory
        ? (demoPlan ??= demoPlanFor(demo)).then(async (plan) => {
            await clock.time('directory', () => demo.writeDemoDirectory(documents, LOCAL_TABLE_NAME, plan.providers, demoNow));
            return plan;
          })
        : undefined,
      demo
        ? clock.time('accounts', () => demo.loadDemoAccounts({ cognito: cognitoClient, userPoolId: userPool.userPoolId, documents, tableName: LOCAL_TABLE_NAME, users: everyDemoUser, withProfiles: tableCreated }))
        : undefined,
    ]);
    if (demo && demoDirectory) {
      // Loaded here only: it draws its pictures with sharp, which the other stacks need not load.
      const [{ demoPortfolios, writeDemoPortfolios }, { S3Client }, { createS3MediaStorage }] = await Promise.all([
        import('./demo-portfolio'),
        import('@aws-sdk/client-s3'),
        import('@solutionz/lambdas/adapters/s3-media'),
      ]);
      const s3Client = new S3Client({ ...awsConfig, endpoint: direct(ports.s3), ...s3.S3RVER_CLIENT_OPTIONS });
      try {
        const demoAdmin = users.find((user) => user.accountType === 'admin')!;
        const [deactivated] = demo.demoModeratedUsers();
        await Promise.all([
          // The demo jobs are placed among the demo directory's towns and providers, and go to the demo logins.
          clock.time('jobs', () => demo.loadDemoJobs(documents, LOCAL_TABLE_NAME, demoDirectory, users, demoUserIds, new Date())),
          demoUserIds
            ? clock.time('moderation', () => demo.loadDemoModeration(
                {
                  documents,
                  tableName: LOCAL_TABLE_NAME,
                  cognito: cognitoClient,
                  userPoolId: userPool.userPoolId,
                  admin: { userId: demoUserIds.get(demoAdmin.email)!, name: `${demoAdmin.firstName} ${demoAdmin.lastName}` },
                  deactivatedClient: { userId: demoUserIds.get(deactivated!.email)!, email: deactivated!.email },
                  towns: demoDirectory.towns,
                  providers: demoDirectory.providers,
                },
                new Date(),
              ))
            : undefined,
          clock.time('portfolios', () => up.s3.then(() => writeDemoPortfolios(
            { documents, tableName: LOCAL_TABLE_NAME, files: createS3MediaStorage(s3Client, s3.LOCAL_BUCKETS.portfolio) },
            demoPortfolios(demoDirectory.providers),
            new Date(),
          ))),
        ]);
      } finally {
        s3Client.destroy();
      }
    }
    if (demo && tableCreated && demoUserIds) {
      await clock.time('messages', () => demo.loadDemoMessages(documents, LOCAL_TABLE_NAME, demoUserIds, new Date()));
    }
    demoDone();
    if (tableCreated) await clock.time('stream', () => ensureStream(dynamoClient, LOCAL_TABLE_NAME));
    if (demo) log('Demo data loaded.');
    // Stripe's state goes with the table's: memberships kept at Stripe for profiles that are gone would renew for no one.
    const stripeDataFile = options.inMemory ? undefined : join(dataDir, 'stripe', 'state.json');
    if (tableCreated && stripeDataFile) rmSync(stripeDataFile, { force: true });

    const postcodeDataDir = localPostcodeDataDir(REPO_ROOT);
    if (!postcodeDataDir) log(localPostcodeDataMissingMessage(REPO_ROOT));
    const lambdaEnv: Record<string, string> = {
      STAGE: LOCAL_STAGE,
      TABLE_NAME: LOCAL_TABLE_NAME,
      AWS_REGION: LOCAL_REGION,
      AWS_DEFAULT_REGION: LOCAL_REGION,
      USER_POOL_ID: userPool.userPoolId,
      USER_POOL_CLIENT_ID: userPool.userPoolClientId,
      // The accounts and admin areas' own sign-ins (password and 2-step checks, 2-step setup).
      USER_POOL_SERVER_CLIENT_ID: userPool.serverClientId,
      POWERTOOLS_SERVICE_NAME: 'solutionz',
      // No embedded-metric lines in the local logs: there is no CloudWatch to read them.
      POWERTOOLS_METRICS_DISABLED: 'true',
      ORIGIN_SECRET: LOCAL_ORIGIN_SECRET,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'WARN',
      // One key pair for every emulator: s3rver accepts only its own, the others accept anything.
      AWS_ACCESS_KEY_ID: s3.S3RVER_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: s3.S3RVER_CREDENTIALS.secretAccessKey,
      AWS_ENDPOINT_URL_DYNAMODB: direct(ports.dynamodb),
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: direct(ports.cognitoProxy),
      // Presigned URLs carry this host, and the browser must reach it.
      AWS_ENDPOINT_URL_S3: urls.s3,
      AWS_ENDPOINT_URL_SESV2: direct(ports.ses),
      // Accounts and admin areas: links in mails open the web origin; admins get internal addresses.
      SITE_URL: `http://localhost:${ports.web}`,
      MAIL_FROM_ADDRESS: LOCAL_MAIL_FROM,
      ADMIN_EMAIL_DOMAIN: LOCAL_ADMIN_EMAIL_DOMAIN,
      ADMIN_NOTIFY_ADDRESSES: LOCAL_ADMIN_NOTIFY_ADDRESS,
      MEDIA_BUCKET_AVATARS: s3.LOCAL_BUCKETS.avatars,
      MEDIA_BUCKET_PORTFOLIO: s3.LOCAL_BUCKETS.portfolio,
      MEDIA_BUCKET_LOGOS: s3.LOCAL_BUCKETS.logos,
      // Membership: the real Stripe SDK, pointed at the local Stripe.
      STRIPE_SECRET_KEY: LOCAL_STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: LOCAL_STRIPE_WEBHOOK_SECRET,
      STRIPE_API_URL: direct(ports.stripe),
      ...(postcodeDataDir ? { POSTCODE_DATA_DIR: postcodeDataDir } : {}),
      // The towns as the cloud's functions read them: the extract, not the 17 MB package (town-table.ts).
      TOWN_TABLE_FILE: localTownTable(),
      // Moderations and erasures purge the edge's kept answers through CloudFront's API, which the edge answers.
      ...(siteDir ? { DISTRIBUTION_ID: LOCAL_DISTRIBUTION_ID, AWS_ENDPOINT_URL_CLOUDFRONT: direct(ports.web) } : {}),
    };
    Object.assign(process.env, lambdaEnv);
    delete process.env.AWS_PROFILE;

    const issuer = `${urls.cognito}/${userPool.userPoolId}`;
    const functions = localFunctions(REPO_ROOT, [...new Set(routeList.map((route) => route.area))]);
    const jwks = await fetchJwks(`${direct(ports.cognitoProxy)}/${userPool.userPoolId}/.well-known/jwks.json`);
    // What the user pool's trigger does in the cloud: every sign-in is recorded as a session (the admin analytics).
    const triggersLog = join(logs, 'triggers.log');
    started(
      await lambdaInvoke.start({
        port: ports.lambdaInvoke,
        functions: (name) => (name === cognitoLocal.POST_AUTHENTICATION_FUNCTION ? functions.postAuthentication : undefined),
        log: (line) => appendFileSync(triggersLog, `${new Date().toISOString()} ${line}\n`),
      }),
    );
    const gatewayLog = join(logs, 'gateway.log');
    const gateway: Omit<GatewayOptions, 'port'> = {
      routes: routeList,
      handlers: functions.handlers,
      verifier: createJwtAuthorizer({ issuer, audience: userPool.userPoolClientId, jwks }),
      log: (line) => appendFileSync(gatewayLog, `${new Date().toISOString()} ${line}\n`),
    };
    const gatewayDone = clock.begin('gateway');
    started(await startGateway({ ...gateway, port: ports.gateway }));
    // What the cloud's event source mapping does: new jobs and providers' news on the table's stream reach the mails worker.
    if (options.streamPoller !== false) {
      started(
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
    }
    // What the cloud's EventBridge rule does: the message mails worker (which also removes unsent images whose keeping ended) runs every minute.
    started(startSchedule({ name: 'message mails', everyMs: options.messageMailsEveryMs ?? 60_000, run: () => functions.messageMails(), logFile: join(logs, 'message-mails.log') }));
    gatewayDone();
    const webConfig: WebConfig = webConfigSchema.parse({
      stage: LOCAL_STAGE,
      apiBase: '/api',
      auth: {
        region: LOCAL_REGION,
        userPoolId: userPool.userPoolId,
        userPoolClientId: userPool.userPoolClientId,
        userPoolEndpoint: urls.cognito,
        authFlowType: 'USER_PASSWORD_AUTH',
      },
      adminEmailDomain: LOCAL_ADMIN_EMAIL_DOMAIN,
    });
    writeFileSync(webConfigFile, `${JSON.stringify(webConfig, null, 2)}\n`);

    await allUp();
    if (siteDir) {
      // Loaded for the production build only: the pages' Lambda and its renderer.
      const { localPagesHandler } = await import('./pages');
      const edgeLog = join(logs, 'edge.log');
      started(
        await startEdge({
          port: ports.web,
          siteDir,
          webConfigFile,
          api: createGatewayListener(gateway),
          originHeaders: LOCAL_ORIGIN_HEADERS,
          pages: localPagesHandler({ siteDir, siteUrl: lambdaEnv.SITE_URL!, documents, tableName: LOCAL_TABLE_NAME, log: (line) => appendFileSync(edgeLog, `${new Date().toISOString()} ${line}\n`) }),
          media: { origin: direct(ports.s3), buckets: s3.LOCAL_BUCKETS },
          origins: { cognito: urls.cognito, uploads: urls.s3 },
          ...(secureWeb ? { secure: { port: ports.webSecure, tls: selfSignedTls(join(dataDir, 'tls')) } } : {}),
          log: (line) => appendFileSync(edgeLog, `${new Date().toISOString()} ${line}\n`),
        }),
      );
    }

    // Started once the gateway answers, so the events a restart resumes have somewhere to go.
    const stripeLog = join(logs, 'stripe.log');
    const stripe = started(
      await clock.time('stripe', () => startLocalStripe({
        port: ports.stripe,
        webhookUrl: `${direct(ports.gateway)}/api/stripe/webhook`,
        webhookSecret: LOCAL_STRIPE_WEBHOOK_SECRET,
        // Stripe calls the site's CloudFront address in the cloud, which adds the origin header; here it calls the gateway.
        webhookHeaders: LOCAL_ORIGIN_HEADERS,
        dataFile: stripeDataFile,
        log: (line) => appendFileSync(stripeLog, `${new Date().toISOString()} ${line}\n`),
      })),
    );

    const demoMembers = everyDemoUser.flatMap((user) => {
      const userId = demoUserIds?.get(user.email);
      return user.membership && userId ? [{ email: user.email, userId, membership: user.membership }] : [];
    });
    if (demoMembers.length) {
      log('Buying the demo memberships through the local Stripe…');
      // Loaded now, not with this module: the membership area reads the Lambda environment when loaded.
      const [{ loadDemoMemberships }, { createAccountRepository }] = await Promise.all([import('./demo-memberships'), import('@solutionz/lambdas/data/account-repository')]);
      await clock.time('memberships', () => loadDemoMemberships(stripe, createAccountRepository(documents, LOCAL_TABLE_NAME), demoMembers));
    }

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
    AWS_REGION: stack.region,
    ...(stack.urls.web ? { E2E_BASE_URL: stack.urls.web } : {}),
  };
}
