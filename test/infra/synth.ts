import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { REPO_ROOT } from '../../infra/src/config';
import { createSolutionz, type SolutionzStacks } from '../../infra/src/solutionz';

/** The feature flags of cdk.json, so the tests build what `npm run synth` builds. */
function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context?: Record<string, unknown> };
  return cdkJson.context ?? {};
}

/** A stand-in production web build, so the site deployment path is tested whether or not web/dist exists. */
export function fakeWebBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'solutionz-web-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><script type="module" src="/assets/index-abc.js"></script>');
  writeFileSync(join(dir, 'assets', 'index-abc.js'), 'console.log("app")');
  return dir;
}

export function noWebBuild(): string {
  return mkdtempSync(join(tmpdir(), 'solutionz-no-web-dist-'));
}

/** Builds the CDK app as bin/app.ts does, without bundling the Lambda code (the synth script does that). */
export function buildApp(context: Record<string, unknown> = {}): { app: App; stacks: SolutionzStacks } {
  const app = new App({
    context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [], webDistPath: fakeWebBuild(), ...context },
  });
  return { app, stacks: createSolutionz(app) };
}

/** Synthesizes once and returns each stack's template (Template.fromStack would synthesize per stack). */
export function synthesize(app: App, stacks: SolutionzStacks): Record<StackName, Template> {
  const assembly = app.synth();
  return Object.fromEntries(
    STACK_NAMES.map((name) => [name, Template.fromJSON(assembly.getStackByName(stacks[name].stackName).template)]),
  ) as Record<StackName, Template>;
}

const STACK_NAMES = ['auth', 'data', 'api', 'web', 'mail', 'observability'] as const;
type StackName = (typeof STACK_NAMES)[number];

/** Synthesis of the whole app takes seconds, more than vitest's default hook timeout. */
export const SYNTH_TIMEOUT_MS = 120_000;
