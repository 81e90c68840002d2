import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { PRERENDERED_PAGES, RENDERER_ENTRY_FILE, rendererDirOf } from '@solutionz/shared';
import { Template } from 'aws-cdk-lib/assertions';
import { inject } from 'vitest';
import { REPO_ROOT } from '../../infra/src/config';
import { createSolutionz, type SolutionzStacks } from '../../infra/src/solutionz';

/*
 * A synthesis of the whole app takes seconds. The infra project runs its files one after another in one
 * worker that keeps its modules (isolate: false, fileParallelism: false in vitest.config.ts), so the
 * syntheses memoized here are made once per run and shared by every file. Everything written goes under
 * the run's scratch directory (scratch-dir.global-setup.ts), which is removed when the run ends.
 */

function scratchDir(prefix: string): string {
  return mkdtempSync(join(inject('infraScratchDir'), prefix));
}

/** An output directory for one App: without it CDK makes a `cdk.out*` directory in the OS temp dir for every App. */
export function cdkOutdir(): string {
  return scratchDir('cdk.out-');
}

/** The feature flags of cdk.json, so the tests build what `npm run synth` builds. */
function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context?: Record<string, unknown> };
  return cdkJson.context ?? {};
}

let webBuild: string | undefined;
let missingWebBuild: string | undefined;

/** A stand-in production web build, so the site deployment path is tested whether or not web/dist exists. */
function fakeWebBuild(): string {
  if (!webBuild) {
    webBuild = scratchDir('web-dist-');
    mkdirSync(join(webBuild, 'assets'));
    writeFileSync(join(webBuild, 'index.html'), '<!doctype html><script type="module" src="/assets/index-abc.js"></script>');
    for (const { file } of PRERENDERED_PAGES)
      writeFileSync(join(webBuild, file), `<!doctype html><h1>${file}</h1><script type="module" src="/assets/index-abc.js"></script>`);
    writeFileSync(join(webBuild, 'assets', 'index-abc.js'), 'console.log("app")');
    mkdirSync(rendererDirOf(webBuild));
    writeFileSync(join(rendererDirOf(webBuild), RENDERER_ENTRY_FILE), 'exports.renderPage = async () => "<h1>Page</h1>";');
  }
  return webBuild;
}

export function noWebBuild(): string {
  missingWebBuild ??= scratchDir('no-web-dist-');
  return missingWebBuild;
}

/** The setup token's parameter that the tests' deployments name (the dev stage may not go without one). */
export const TEST_SETUP_TOKEN_PARAMETER = '/solutionz/dev/admin-setup-token';

function newApp(context: Record<string, unknown>, { bundle }: { bundle: boolean }): { app: App; stacks: SolutionzStacks } {
  const app = new App({
    outdir: cdkOutdir(),
    context: {
      ...cdkJsonContext(),
      ...(bundle ? {} : { 'aws:cdk:bundling-stacks': [] }),
      webDistPath: fakeWebBuild(),
      adminSetupTokenParameter: TEST_SETUP_TOKEN_PARAMETER,
      ...context,
    },
  });
  return { app, stacks: createSolutionz(app) };
}

/** A fresh app as bin/app.ts builds it, without bundling the Lambda code, for a test that changes it. */
export function buildApp(context: Record<string, unknown> = {}): { app: App; stacks: SolutionzStacks } {
  return newApp(context, { bundle: false });
}

const STACK_NAMES = ['alarms', 'auth', 'data', 'api', 'edge', 'web', 'mail', 'observability', 'edgeAlarms', 'ci'] as const;
type StackName = (typeof STACK_NAMES)[number];

/** A synthesized app, shared by every test that asks for the same one: read it, never change it. */
export interface Synthesis {
  readonly app: App;
  readonly stacks: SolutionzStacks;
  /** Each stack's template, from one synthesis (Template.fromStack would synthesize per stack); `ci` only with a GitHub repository. */
  readonly templates: Record<Exclude<StackName, 'ci'>, Template> & { readonly ci?: Template; readonly apiRoutes: Template };
}

const syntheses = new Map<string, Synthesis>();

function memoized(key: string, build: () => { app: App; stacks: SolutionzStacks }): Synthesis {
  let synthesis = syntheses.get(key);
  if (!synthesis) {
    const { app, stacks } = build();
    const assembly = app.synth();
    const templates = Object.fromEntries(
      STACK_NAMES.flatMap((name) => {
        const stack = stacks[name];
        return stack ? [[name, Template.fromJSON(assembly.getStackByName(stack.stackName).template)]] : [];
      }),
    );
    // The API's routes are a nested stack of the api stack, with a template file of its own in the assembly.
    const apiRoutes = Template.fromJSON(JSON.parse(readFileSync(join(assembly.directory, stacks.api.routes.templateFile), 'utf8')) as Record<string, unknown>);
    synthesis = { app, stacks, templates: { ...templates, apiRoutes } as Synthesis['templates'] };
    syntheses.set(key, synthesis);
  }
  return synthesis;
}

/**
 * The default deployment, with its Lambda code bundled by esbuild as `npm run synth` does: the one
 * synthesis of the run that bundles.
 */
export function defaultSynthesis(): Synthesis {
  return memoized('default', () => newApp({}, { bundle: true }));
}

/** A deployment with `context` on top of the defaults, without bundling the Lambda code. */
export function synthesisWith(context: Record<string, unknown>): Synthesis {
  const key = JSON.stringify(Object.entries(context).sort(([a], [b]) => a.localeCompare(b)));
  return memoized(key, () => newApp(context, { bundle: false }));
}

/** A production stage as its operator fills it in (infra/stages.ts `prod`, or -c on the command line). */
export const PRODUCTION_CONTEXT = {
  stage: 'prod',
  account: '123456789012',
  domainName: 'www.solutionz.example',
  certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/00000000-0000-0000-0000-000000000000',
  cognitoPlus: 'true',
  alarmEmail: 'ops@solutionz.example',
  adminSetupTokenParameter: '/solutionz/prod/admin-setup-token',
  githubRepository: 'solutionz/solutionz',
} as const;

/**
 * The synthesis that bundles the Lambda code (three functions install sharp) takes about two minutes alone;
 * in `npm test` it runs beside the browser tests, and on a loaded two-core machine it passed four.
 */
export const SYNTH_TIMEOUT_MS = 600_000;
