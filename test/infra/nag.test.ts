import { Validations, type App } from 'aws-cdk-lib';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { buildApp, defaultSynthesis, noWebBuild, synthesisWith, type Synthesis } from './synth';

function findings(app: App): string[] {
  const report = new AwsSolutionsChecks().validateScope(app);
  return report.violations.flatMap((violation) =>
    violation.violatingResources.map((resource) => `${violation.severity} ${violation.ruleName} at ${resource.constructPath}`),
  );
}

function acknowledgements(root: IConstruct): { path: string; id: string; reason: unknown }[] {
  return root.node.findAll().flatMap((construct) =>
    construct.node.metadata
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) =>
        Object.entries(entry.data as Record<string, unknown>).map(([id, reason]) => ({ path: construct.node.path, id, reason })),
      ),
  );
}

// Each is synthesized once per run and shared with the other files (synth.ts).
const variants: [string, () => Synthesis][] = [
  ['the default deployment with a web build', defaultSynthesis],
  ['a deployment before the web is built', () => synthesisWith({ webDistPath: noWebBuild() })],
  [
    'a production deployment with a custom domain and the Cognito Plus tier',
    () =>
      synthesisWith({
        stage: 'prod',
        domainName: 'www.solutionz.example',
        certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/00000000-0000-0000-0000-000000000000',
        cognitoPlus: 'true',
        alarmEmail: 'ops@solutionz.example',
      }),
  ],
];

describe('cdk-nag AwsSolutions', () => {
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

  it('would catch a finding nobody acknowledged', () => {
    const { app, stacks } = buildApp();
    new Bucket(stacks.data, 'CarelessBucket');
    expect(findings(app)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^error AwsSolutions-S10 at .*CarelessBucket/)]),
    );
    expect(() => app.synth()).toThrow(/AwsSolutions-S10/);
  });
});
