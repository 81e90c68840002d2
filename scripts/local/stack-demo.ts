import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { DemoUser } from './demo-data';
import type { PhaseClock } from './phases';
import * as s3 from './s3';
import { LOCAL_REGION, LOCAL_TABLE_NAME } from './stack-config';
import { seedDemoCategories } from './table';

/** The local stack's demo data (stack.ts): what a start with a fresh table and user pool writes into them. */

/** What loads the demo data, which only a start that makes it needs (demo-data.ts's logins are printed on every start). */
export async function loadDemoModules() {
  const [{ loadDemoAccounts }, { planDemoDirectory, writeDemoDirectory }, { loadDemoJobs }, { demoModeratedUsers, loadDemoModeration }, { loadDemoMessages }] =
    await Promise.all([import('./demo-accounts'), import('./demo-directory'), import('./demo-jobs'), import('./demo-moderation'), import('./demo-messages')]);
  return { loadDemoAccounts, planDemoDirectory, writeDemoDirectory, loadDemoJobs, demoModeratedUsers, loadDemoModeration, loadDemoMessages };
}

export type DemoModules = Awaited<ReturnType<typeof loadDemoModules>>;
type DemoDirectoryPlan = Awaited<ReturnType<DemoModules['planDemoDirectory']>>;

interface DemoDataInput {
  readonly clock: PhaseClock;
  readonly documents: DynamoDBDocumentClient;
  readonly cognito: CognitoIdentityProviderClient;
  readonly userPoolId: string;
  /** The printed demo logins. */
  readonly users: readonly DemoUser[];
  /** The logins, the directory's demo providers and the moderated accounts. */
  readonly everyDemoUser: readonly DemoUser[];
  readonly tableCreated: boolean;
  /** When the demo directory was planned. */
  readonly now: Date;
  /** The demo directory's towns and providers, when the start fills the directory. */
  readonly directoryPlan: (() => Promise<DemoDirectoryPlan>) | undefined;
  /** s3rver, for the portfolios' files, once it answers. */
  readonly s3: { readonly endpoint: string; readonly ready: Promise<unknown> };
}

/**
 * Writes the demo data: the categories into a new table, and with `demo` (a new table or user pool) the demo accounts,
 * the directory with its jobs, moderation and portfolios, and the messages. Answers the demo accounts' user ids by
 * e-mail address.
 */
export async function loadDemoData(demo: DemoModules | undefined, input: DemoDataInput): Promise<ReadonlyMap<string, string> | undefined> {
  const { clock, documents, cognito, userPoolId, users, everyDemoUser } = input;
  const [, demoDirectory, demoUserIds] = await Promise.all([
    input.tableCreated ? clock.time('categories', () => seedDemoCategories(documents, LOCAL_TABLE_NAME)) : undefined,
    demo && input.tableCreated && input.directoryPlan
      ? input.directoryPlan().then(async (plan) => {
          await clock.time('directory', () => demo.writeDemoDirectory(documents, LOCAL_TABLE_NAME, plan.providers, input.now));
          return plan;
        })
      : undefined,
    demo
      ? clock.time('accounts', () =>
          demo.loadDemoAccounts({ cognito, userPoolId, documents, tableName: LOCAL_TABLE_NAME, users: everyDemoUser, withProfiles: input.tableCreated }),
        )
      : undefined,
  ]);
  if (demo && demoDirectory) {
    // Loaded here only: it draws its pictures with sharp, which the other stacks need not load.
    const [{ demoPortfolios, writeDemoPortfolios }, { S3Client }, { createS3MediaStorage }] = await Promise.all([
      import('./demo-portfolio'),
      import('@aws-sdk/client-s3'),
      import('@solutionz/lambdas/adapters/s3-media'),
    ]);
    const s3Client = new S3Client({
      region: LOCAL_REGION,
      credentials: { ...s3.S3RVER_CREDENTIALS },
      endpoint: input.s3.endpoint,
      ...s3.S3RVER_CLIENT_OPTIONS,
    });
    try {
      const demoAdmin = users.find((user) => user.accountType === 'admin')!;
      const [deactivated] = demo.demoModeratedUsers();
      await Promise.all([
        // The demo jobs are placed among the demo directory's towns and providers, and go to the demo logins.
        clock.time('jobs', () => demo.loadDemoJobs(documents, LOCAL_TABLE_NAME, demoDirectory, users, demoUserIds, new Date())),
        demoUserIds
          ? clock.time('moderation', () =>
              demo.loadDemoModeration(
                {
                  documents,
                  tableName: LOCAL_TABLE_NAME,
                  cognito,
                  userPoolId,
                  admin: { userId: demoUserIds.get(demoAdmin.email)!, name: `${demoAdmin.firstName} ${demoAdmin.lastName}` },
                  deactivatedClient: { userId: demoUserIds.get(deactivated!.email)!, email: deactivated!.email },
                  towns: demoDirectory.towns,
                  providers: demoDirectory.providers,
                },
                new Date(),
              ),
            )
          : undefined,
        clock.time('portfolios', () =>
          input.s3.ready.then(() =>
            writeDemoPortfolios(
              { documents, tableName: LOCAL_TABLE_NAME, files: createS3MediaStorage(s3Client, s3.LOCAL_BUCKETS.portfolio) },
              demoPortfolios(demoDirectory.providers),
              new Date(),
            ),
          ),
        ),
      ]);
    } finally {
      s3Client.destroy();
    }
  }
  if (demo && input.tableCreated && demoUserIds) {
    await clock.time('messages', () => demo.loadDemoMessages(documents, LOCAL_TABLE_NAME, demoUserIds, new Date()));
  }
  return demoUserIds;
}
