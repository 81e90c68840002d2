import { Arn, ArnFormat, CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { CfnLoggingConfiguration, CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { routeList } from '@solutionz/shared';
import type { DeploymentConfig } from './config';

/** CloudFront's web ACLs live in us-east-1, whatever region the rest of the stage is in. */
export const EDGE_REGION = 'us-east-1';

/** How many requests one viewer address may make in the window before WAF answers 429 for the rest of it. */
export const WAF_RATE_LIMITS = {
  windowSeconds: 300,
  /** Everything: a busy person browsing the directory makes a few hundred requests in five minutes. */
  perIp: 1_000,
  /** Sign-up, confirmation, password reset, e-mail change confirmation and the first-admin setup. */
  sensitivePerIp: 50,
} as const;

/**
 * The paths the tighter rate applies to: every route under /api/accounts/ (they mail people or take
 * secrets) and the first-admin setup. Checked against the route table in the tests, so a new route
 * under /api/accounts/ is covered without a change here.
 */
export const SENSITIVE_PATH_PREFIX = '/api/accounts/';
export const SENSITIVE_EXACT_PATHS = ['/api/admin/setup'] as const;

/** AWS managed rule groups, in the order they are evaluated after the rate rules. */
export const MANAGED_RULE_GROUPS = ['AWSManagedRulesAmazonIpReputationList', 'AWSManagedRulesCommonRuleSet', 'AWSManagedRulesKnownBadInputsRuleSet'] as const;

/**
 * Rules of the Common rule set that only count: SizeRestrictions_BODY blocks bodies over 8 KB, and
 * Stripe's webhook events are often larger; every route's body schema sets its own limits.
 */
export const COUNTED_COMMON_RULES = ['SizeRestrictions_BODY'] as const;

export interface EdgeStackProps extends StackProps {
  readonly config: DeploymentConfig;
}

const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

const TOO_MANY_REQUESTS: CfnWebACL.RuleActionProperty = { block: { customResponse: { responseCode: 429 } } };

/**
 * The CloudFront-scoped web ACL in front of the whole site (its own stack in us-east-1; the Web stack
 * reads its ARN through a cross-region reference), with its logs kept in CloudWatch Logs.
 */
export class EdgeStack extends Stack {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    const { config } = props;
    const sensitivePaths = routeList.filter((route) => route.path.startsWith(SENSITIVE_PATH_PREFIX) || (SENSITIVE_EXACT_PATHS as readonly string[]).includes(route.path));
    if (sensitivePaths.length === 0) throw new Error('No route matches the sensitive paths of the web ACL');

    const uriMatch = (searchString: string, positionalConstraint: 'STARTS_WITH' | 'EXACTLY'): CfnWebACL.StatementProperty => ({
      byteMatchStatement: {
        fieldToMatch: { uriPath: {} },
        positionalConstraint,
        searchString,
        textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
      },
    });
    const managed = (name: (typeof MANAGED_RULE_GROUPS)[number], priority: number, ruleActionOverrides?: CfnWebACL.RuleActionOverrideProperty[]): CfnWebACL.RuleProperty => ({
      name,
      priority,
      overrideAction: { none: {} },
      statement: { managedRuleGroupStatement: { vendorName: 'AWS', name, ...(ruleActionOverrides ? { ruleActionOverrides } : {}) } },
      visibilityConfig: visibility(name),
    });

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: `solutionz-${config.stage}`,
      description: `Solutionz ${config.stage}: rate limits per viewer address and AWS managed rules in front of CloudFront`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(`solutionz-${config.stage}`),
      rules: [
        managed('AWSManagedRulesAmazonIpReputationList', 0),
        {
          name: 'RatePerIpSensitive',
          priority: 1,
          action: TOO_MANY_REQUESTS,
          statement: {
            rateBasedStatement: {
              aggregateKeyType: 'IP',
              evaluationWindowSec: WAF_RATE_LIMITS.windowSeconds,
              limit: WAF_RATE_LIMITS.sensitivePerIp,
              scopeDownStatement: {
                orStatement: {
                  statements: [uriMatch(SENSITIVE_PATH_PREFIX, 'STARTS_WITH'), ...SENSITIVE_EXACT_PATHS.map((path) => uriMatch(path, 'EXACTLY'))],
                },
              },
            },
          },
          visibilityConfig: visibility('RatePerIpSensitive'),
        },
        {
          name: 'RatePerIp',
          priority: 2,
          action: TOO_MANY_REQUESTS,
          statement: { rateBasedStatement: { aggregateKeyType: 'IP', evaluationWindowSec: WAF_RATE_LIMITS.windowSeconds, limit: WAF_RATE_LIMITS.perIp } },
          visibilityConfig: visibility('RatePerIp'),
        },
        managed('AWSManagedRulesCommonRuleSet', 3, COUNTED_COMMON_RULES.map((name) => ({ name, actionToUse: { count: {} } }))),
        managed('AWSManagedRulesKnownBadInputsRuleSet', 4),
      ],
    });

    // WAF writes only to log groups whose name starts with aws-waf-logs-.
    const logGroupName = `aws-waf-logs-solutionz-${config.stage}`;
    const logs = new LogGroup(this, 'WebAclLogs', { logGroupName, retention: RetentionDays.THREE_MONTHS, removalPolicy: RemovalPolicy.RETAIN });
    const logging = new CfnLoggingConfiguration(this, 'WebAclLogging', {
      resourceArn: this.webAcl.attrArn,
      logDestinationConfigs: [Arn.format({ service: 'logs', resource: 'log-group', resourceName: logGroupName, arnFormat: ArnFormat.COLON_RESOURCE_NAME }, this)],
      // Bearer tokens stay out of the logs.
      redactedFields: [{ singleHeader: { Name: 'authorization' } }],
    });
    logging.node.addDependency(logs);

    new CfnOutput(this, 'WebAclArn', { value: this.webAcl.attrArn });
  }
}
