import { Arn, ArnFormat, CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { CfnLoggingConfiguration, CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { routeList, type RouteName } from '@solutionz/shared';
import type { DeploymentConfig } from './config';

/** CloudFront's web ACLs live in us-east-1, whatever region the rest of the stage is in. */
export const EDGE_REGION = 'us-east-1';

/** How many requests one viewer address may make in the window before WAF answers 429 for the rest of it. */
export const WAF_RATE_LIMITS = {
  windowSeconds: 300,
  /** Everything: a busy person browsing the directory makes a few hundred requests in five minutes. */
  perIp: 1_000,
  /** The routes that mail people, take a password or change how a person signs in (SENSITIVE_ROUTES). */
  sensitivePerIp: 50,
} as const;

/**
 * The tighter rate applies to every route under this prefix (they mail people or take secrets), a new one
 * included without a change here, and to SENSITIVE_ROUTES.
 */
export const SENSITIVE_PATH_PREFIX = '/api/accounts/';

/**
 * The routes outside SENSITIVE_PATH_PREFIX the tighter rate applies to, by name in the route table: the first-admin
 * setup, claiming a business (each claim mails the business), the e-mail change, the password change, account
 * deletion and the 2-step sign-in routes (each takes the password).
 */
export const SENSITIVE_ROUTES = [
  'adminSetup',
  'claimBusiness',
  'inspectClaimLink',
  'completeClaim',
  'completeClaimSignedIn',
  'cancelClaim',
  'requestEmailChange',
  'changePassword',
  'deleteAccount',
  'setupTotp',
  'enableTotp',
  'disableTotp',
] as const satisfies readonly RouteName[];

/**
 * What WAF does to the path before the tighter rule matches it, so that no other spelling of a path slips past:
 * percent-decoded (`/api/%61ccounts/signup`), with repeated slashes, `./` and `../` resolved
 * (`//api/x/../accounts/signup`), in lower case.
 */
const SENSITIVE_PATH_TRANSFORMATIONS = ['URL_DECODE', 'NORMALIZE_PATH', 'LOWERCASE'] as const;

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One regular expression for the tighter rule's paths, read from the route table (a `{parameter}` is one path
 * segment), matched after SENSITIVE_PATH_TRANSFORMATIONS: one regex statement costs far fewer WAF capacity units
 * than a byte match per path, each with its transformations.
 */
function sensitivePathPattern(): string {
  const names: readonly string[] = SENSITIVE_ROUTES;
  const routes = routeList.filter((route) => names.includes(route.name));
  const paths = [...new Set(routes.map((route) => route.path.toLowerCase()))].map((path) =>
    path
      .split(/(\{[^{}]+\})/)
      .map((part) => (part.startsWith('{') ? '[^/]+' : escapeRegex(part)))
      .join(''),
  );
  const pattern = `^(?:${escapeRegex(SENSITIVE_PATH_PREFIX)}.*|${paths.join('|')})/?$`;
  // WAF's own limit on a regex statement's string.
  if (pattern.length > 512) throw new Error(`The web ACL's sensitive path pattern is ${pattern.length} characters, over WAF's 512`);
  return pattern;
}

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
    const managed = (
      name: (typeof MANAGED_RULE_GROUPS)[number],
      priority: number,
      ruleActionOverrides?: CfnWebACL.RuleActionOverrideProperty[],
    ): CfnWebACL.RuleProperty => ({
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
                regexMatchStatement: {
                  fieldToMatch: { uriPath: {} },
                  regexString: sensitivePathPattern(),
                  textTransformations: SENSITIVE_PATH_TRANSFORMATIONS.map((type, priority) => ({ priority, type })),
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
        managed(
          'AWSManagedRulesCommonRuleSet',
          3,
          COUNTED_COMMON_RULES.map((name) => ({ name, actionToUse: { count: {} } })),
        ),
        managed('AWSManagedRulesKnownBadInputsRuleSet', 4),
      ],
    });

    // WAF writes only to log groups whose name starts with aws-waf-logs-.
    const logGroupName = `aws-waf-logs-solutionz-${config.stage}`;
    const logs = new LogGroup(this, 'WebAclLogs', { logGroupName, retention: RetentionDays.THREE_MONTHS, removalPolicy: RemovalPolicy.RETAIN });
    const logging = new CfnLoggingConfiguration(this, 'WebAclLogging', {
      resourceArn: this.webAcl.attrArn,
      logDestinationConfigs: [
        Arn.format({ service: 'logs', resource: 'log-group', resourceName: logGroupName, arnFormat: ArnFormat.COLON_RESOURCE_NAME }, this),
      ],
      // Bearer tokens stay out of the logs.
      redactedFields: [{ singleHeader: { Name: 'authorization' } }],
    });
    logging.node.addDependency(logs);

    new CfnOutput(this, 'WebAclArn', { value: this.webAcl.attrArn });
  }
}
