import { Validations, type App } from 'aws-cdk-lib';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { buildApp, defaultSynthesis, noWebBuild, PRODUCTION_CONTEXT, synthesisWith, type Synthesis } from './synth';

function findings(app: App): string[] {
  return [new AwsSolutionsChecks(), new ServerlessChecks()].flatMap((pack) =>
    pack
      .validateScope(app)
      .violations.flatMap((violation) =>
        violation.violatingResources.map((resource) => `${violation.severity} ${violation.ruleName} at ${resource.constructPath}`),
      ),
  );
}

function acknowledgements(root: IConstruct): { path: string; id: string; reason: unknown }[] {
  return root.node
    .findAll()
    .flatMap((construct) =>
      construct.node.metadata
        .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
        .flatMap((entry) => Object.entries(entry.data as Record<string, unknown>).map(([id, reason]) => ({ path: construct.node.path, id, reason }))),
    );
}

// Each is synthesized once per run and shared with the other files (synth.ts).
const variants: [string, () => Synthesis][] = [
  ['the default deployment with a web build', defaultSynthesis],
  ['a deployment before the web is built', () => synthesisWith({ webDistPath: noWebBuild() })],
  ['a production deployment in its account, with a custom domain, the Cognito Plus tier and the GitHub deploy role', () => synthesisWith(PRODUCTION_CONTEXT)],
];

describe('cdk-nag AwsSolutions and Serverless', () => {
  it.each(variants)('reports no unacknowledged error or warning for %s', (_name, synthesized) => {
    // The app registers the checks itself, so synthesis (npm run synth, cdk deploy) fails on any finding.
    expect(synthesized).not.toThrow();
    expect(findings(synthesized().app)).toEqual([]);
  });

  it('gives every acknowledgement a written reason', () => {
    const { app } = defaultSynthesis();
    const acknowledged = acknowledgements(app);
    expect(acknowledged.length).toBeGreaterThan(0);
    for (const { path, id, reason } of acknowledged) {
      expect(typeof reason, `${id} at ${path}`).toBe('string');
      expect((reason as string).trim().length, `${id} at ${path} needs a reason of a sentence`).toBeGreaterThanOrEqual(30);
    }
  });

  it('would catch a finding nobody acknowledged, of either pack', () => {
    const { app, stacks } = buildApp();
    new Bucket(stacks.data, 'CarelessBucket');
    new LogGroup(stacks.data, 'CarelessLogs', { retention: RetentionDays.INFINITE });
    expect(findings(app)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^error AwsSolutions-S10 at .*CarelessBucket/),
        expect.stringMatching(/^warning Serverless-CloudWatchLogGroupRetentionPeriod at .*CarelessLogs/),
      ]),
    );
    expect(() => app.synth()).toThrow(/AwsSolutions-S10/);
  });

  it('no longer calls the web ACL a cost decision: the distribution has one', () => {
    const acknowledged = acknowledgements(defaultSynthesis().app).map(({ id }) => id);
    expect(acknowledged).not.toContain('AwsSolutions-CFR2');
  });
});
