import { join } from 'node:path';
import { Annotations, CfnOutput, Duration, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AccessLevel,
  AllowedMethods,
  type BehaviorOptions,
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachedMethods,
  CachePolicy,
  CacheQueryStringBehavior,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  type HeadersReferrerPolicy,
  HttpVersion,
  type IOrigin,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  S3OriginAccessControl,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { FunctionUrlOrigin, HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { UserPool, UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Bucket, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { ORIGIN_VERIFY_HEADER, VIEWER_HOST_HEADER, VIEWER_IP_HEADER } from '@solutionz/lambdas/deploy-contract';
import { MEDIA_BUCKETS, mediaPathPattern, rendererDirOf } from '@solutionz/shared';
import { acknowledgeServerlessDefaults, LAMBDA_BUNDLING } from './area-function';
import { REPO_ROOT, webBuildExists, type DeploymentConfig } from './config';
import {
  API_PATH_PATTERN,
  CACHED_API_ROUTES,
  cloudOrigins,
  contentSecurityPolicy,
  PAGE_PATH_PATTERNS,
  PAGE_QUERY_STRINGS,
  SCRIPT_ASSET_PATTERNS,
  SECURITY_HEADERS,
  SPA_FALLBACK_CODE,
  UNCACHED_ERROR_STATUSES,
  VIEWER_HOST_CODE,
  VIEWER_IP_CODE,
  VIEWER_METHOD_HEADER,
} from './edge-rules';
import { mediaBucketName, PRIVATE_BUCKET_DEFAULTS } from './data-stack';
import { PageFunction } from './page-function';
import { deploySite } from './site-deployment';

/** How often the origin secret is replaced (CloudFront is told the new value by the rotation function). */
const ORIGIN_SECRET_ROTATION = Duration.days(30);

const ORIGIN_SECRET_ROTATION_ENTRY = join(REPO_ROOT, 'lambdas', 'src', 'functions', 'origin-secret-rotation.ts');

export interface WebStackProps extends StackProps {
  readonly config: DeploymentConfig;
  readonly userPool: UserPool;
  readonly userPoolClient: UserPoolClient;
  readonly alarmTopic: ITopic;
  /** The CloudFront-scoped web ACL (Edge stack, us-east-1). */
  readonly webAclArn: string;
}

/**
 * The public entry: CloudFront in front of the site bucket and the HTTP API. The API resource (and
 * the JWT authorizer CDK attaches to it) lives here, its stage, routes and functions in the Api
 * stack, so that the functions can be told the site's URL (for mail links) without a cycle.
 */
export class WebStack extends Stack {
  readonly distribution: Distribution;
  readonly siteBucket: Bucket;
  readonly httpApi: HttpApi;
  /** The pages server-rendered with their content (provider pages, categories, the search pages), the sitemap and robots.txt. */
  readonly pages: PageFunction;
  /** The origin users see: the custom domain, else the CloudFront host name. */
  readonly siteUrl: string;
  /**
   * What CloudFront sends the API in the origin header (ORIGIN_VERIFY_HEADER); the API functions read
   * it and refuse requests without it. Rotated by a function of this stack.
   */
  readonly originSecret: Secret;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const { config } = props;

    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: `solutionz-${config.stage}`,
      description: 'Solutionz API; routes, stage and authorizer are in the Api stack',
      // The browser reaches the API through CloudFront on the site's own origin, so no CORS.
      createDefaultStage: false,
    });
    const logs = this.logsBucket();
    this.siteBucket = new Bucket(this, 'SiteBucket', {
      ...PRIVATE_BUCKET_DEFAULTS,
      versioned: true,
      serverAccessLogsBucket: logs,
      serverAccessLogsPrefix: 'site-bucket/',
      lifecycleRules: [{ noncurrentVersionExpiration: Duration.days(30) }],
    });
    this.originSecret = new Secret(this, 'OriginSecret', {
      description: `Solutionz ${config.stage}: the value CloudFront sends the API in ${ORIGIN_VERIFY_HEADER}`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true, includeSpace: false },
    });
    this.pages = new PageFunction(this, 'Pages', {
      config,
      // Without a web build (a synth before it), the pages get their head filled in and no content.
      ...(webBuildExists(config) ? { rendererDir: rendererDirOf(config.webDistPath) } : {}),
      postcodeDataPath: config.postcodeDataPath,
      alarmTopic: props.alarmTopic,
      siteBucket: this.siteBucket,
      // Without a custom domain the site's origin is the distribution's own name, which the function
      // cannot be told (the distribution needs the function's URL first): it takes the viewer's host.
      ...(config.domainName ? { siteUrl: `https://${config.domainName}` } : {}),
    });

    const headers = this.responseHeaders();
    const siteOrigin = S3BucketOrigin.withOriginAccessControl(this.siteBucket);
    const certificate = config.certificateArn ? Certificate.fromCertificateArn(this, 'Certificate', config.certificateArn) : undefined;
    this.distribution = new Distribution(this, 'Distribution', {
      comment: `Solutionz ${config.stage}`,
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      // The market is the UK: Europe and North America edges are enough.
      priceClass: PriceClass.PRICE_CLASS_100,
      domainNames: config.domainName ? [config.domainName] : undefined,
      webAclId: props.webAclArn,
      certificate,
      minimumProtocolVersion: certificate ? SecurityPolicyProtocol.TLS_V1_2_2021 : undefined,
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
      errorResponses: UNCACHED_ERROR_STATUSES.map((httpStatus) => ({ httpStatus, ttl: Duration.seconds(0) })),
      defaultBehavior: this.appBehavior(siteOrigin, headers.security),
      // CloudFront takes the first behaviour whose pattern matches: the cached API answers come before the rest of the API.
      additionalBehaviors: {
        ...this.apiBehaviors(headers.security),
        ...this.mediaBehaviors(config, headers.security),
        ...this.pageBehaviors(headers.security),
        ...Object.fromEntries(SCRIPT_ASSET_PATTERNS.map((pattern) => [pattern, this.scriptBehavior(siteOrigin, headers.scripts)])),
      },
    });
    this.acknowledgeDistribution(certificate !== undefined);

    this.rotateOriginSecret(config);

    this.siteUrl = `https://${config.domainName ?? this.distribution.distributionDomainName}`;
    deploySite(this, { config, userPool: props.userPool, userPoolClient: props.userPoolClient, siteBucket: this.siteBucket, distribution: this.distribution });

    new CfnOutput(this, 'SiteUrl', { value: this.siteUrl });
    new CfnOutput(this, 'DistributionId', { value: this.distribution.distributionId });
  }

  /** Where CloudFront and the site bucket write their access logs. */
  private logsBucket(): Bucket {
    // CloudFront's standard logs are delivered with ACLs, so this bucket keeps them enabled.
    const logs = new Bucket(this, 'LogsBucket', {
      ...PRIVATE_BUCKET_DEFAULTS,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(365) }],
    });
    Validations.of(logs).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This bucket receives the CloudFront and site bucket access logs; logging it into itself would loop.',
    });
    return logs;
  }

  /**
   * The response headers: the security headers of every document and answer, and those of them that act on the build's
   * scripts and style sheets (edge-rules).
   */
  private responseHeaders(): { security: ResponseHeadersPolicy; scripts: ResponseHeadersPolicy } {
    // The two headers that act on every response, documents and scripts alike.
    const transportAndType = {
      strictTransportSecurity: {
        accessControlMaxAge: Duration.days(SECURITY_HEADERS.strictTransportSecurityDays),
        includeSubdomains: true,
        override: true,
      },
      contentTypeOptions: { override: true },
    };
    const security = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Solutionz security headers',
      securityHeadersBehavior: {
        ...transportAndType,
        frameOptions: { frameOption: HeadersFrameOption[SECURITY_HEADERS.frameOptions], override: true },
        referrerPolicy: { referrerPolicy: SECURITY_HEADERS.referrerPolicy as HeadersReferrerPolicy, override: true },
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(cloudOrigins(this.region)), override: true },
      },
      customHeadersBehavior: {
        customHeaders: [{ header: 'Permissions-Policy', value: SECURITY_HEADERS.permissionsPolicy, override: true }],
      },
      // CloudFront's Server-Timing on every answer: its cache status tells the app that a page was rendered for this
      // very visit (a miss), whose answers it then need not ask for again (shared renderedForThisVisit).
      serverTimingSamplingRate: 100,
    });
    const scripts = new ResponseHeadersPolicy(this, 'ScriptAssetHeaders', {
      comment: 'Solutionz scripts and style sheets: the security headers that act on them',
      securityHeadersBehavior: transportAndType,
    });
    return { security, scripts };
  }

  /** The app itself from the site bucket: a client-side route gets the app's entry page. */
  private appBehavior(siteOrigin: IOrigin, securityHeaders: ResponseHeadersPolicy): BehaviorOptions {
    const spaFallback = new CloudFrontFunction(this, 'SpaFallback', {
      comment: 'Serve /index.html for client-side routes',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(SPA_FALLBACK_CODE),
    });
    return {
      origin: siteOrigin,
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      cachePolicy: CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy: securityHeaders,
      functionAssociations: [{ function: spaFallback, eventType: FunctionEventType.VIEWER_REQUEST }],
    };
  }

  /** The build's scripts and style sheets: hashed, kept a year, with the headers that act on them (edge-rules). */
  private scriptBehavior(siteOrigin: IOrigin, scriptHeaders: ResponseHeadersPolicy): BehaviorOptions {
    return {
      origin: siteOrigin,
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      cachePolicy: CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy: scriptHeaders,
    };
  }

  /**
   * /api/* to the HTTP API with the origin secret, the viewer's address passed on; first, the public answers the API
   * marks cacheable, kept as long as their Cache-Control says.
   */
  private apiBehaviors(securityHeaders: ResponseHeadersPolicy): Record<string, BehaviorOptions> {
    const viewerIp = new CloudFrontFunction(this, 'ViewerIp', {
      comment: `Pass the viewer address to the API as ${VIEWER_IP_HEADER}`,
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(VIEWER_IP_CODE),
    });
    const apiOrigin = new HttpOrigin(`${this.httpApi.apiId}.execute-api.${this.region}.${this.urlSuffix}`, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [OriginSslPolicy.TLS_V1_2],
      // Resolved by CloudFormation at deploy time; the rotation function replaces it in the distribution.
      customHeaders: { [ORIGIN_VERIFY_HEADER]: this.originSecret.secretValue.unsafeUnwrap() },
    });
    // Kept only as long as the API's Cache-Control says (public, s-maxage): answers to a request with a session say
    // no-store and are not kept, nor are errors (UNCACHED_ERROR_STATUSES). Authorization is in the key, so a signed-in
    // request never meets the anonymous copy (and reaches the API, which needs it); so is the method, so a GET never
    // gets a HEAD's empty answer.
    const cachedApiAnswers = new CachePolicy(this, 'CachedApiAnswers', {
      comment: 'Public API answers that depend on their URL alone, for as long as their Cache-Control allows',
      defaultTtl: Duration.seconds(0),
      minTtl: Duration.seconds(0),
      maxTtl: Duration.seconds(Math.max(0, ...CACHED_API_ROUTES.map((route) => route.maxAgeSeconds))),
      queryStringBehavior: CacheQueryStringBehavior.all(),
      headerBehavior: CacheHeaderBehavior.allowList('Authorization', VIEWER_METHOD_HEADER),
      cookieBehavior: CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    const toApi = {
      origin: apiOrigin,
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      // With caching disabled this also forwards Authorization; Host must stay the API's own.
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: securityHeaders,
      functionAssociations: [{ function: viewerIp, eventType: FunctionEventType.VIEWER_REQUEST }],
    };
    return {
      // Only GET answers the API marks public are kept, apart by the method in the cache key (VIEWER_METHOD_HEADER).
      ...Object.fromEntries(
        CACHED_API_ROUTES.map(({ pathPattern }) => [pathPattern, { ...toApi, cachedMethods: CachedMethods.CACHE_GET_HEAD, cachePolicy: cachedApiAnswers }]),
      ),
      [API_PATH_PATTERN]: { ...toApi, cachePolicy: CachePolicy.CACHING_DISABLED },
    };
  }

  /**
   * The pages the page function renders (PAGE_PATH_PATTERNS), told the host the viewer asked for, each kept as long as the
   * function's Cache-Control says.
   */
  private pageBehaviors(securityHeaders: ResponseHeadersPolicy): Record<string, BehaviorOptions> {
    const viewerHost = new CloudFrontFunction(this, 'ViewerHost', {
      comment: `Pass the host the viewer asked for to the page function as ${VIEWER_HOST_HEADER}`,
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(VIEWER_HOST_CODE),
    });
    // Kept as long as the page function's Cache-Control says; one copy per site host, and per value of a search
    // page's own query strings (PAGE_QUERY_STRINGS, which alone reach the function); for any other page, whatever the query.
    const pageCache = (id: string, comment: string, queryStrings: readonly string[]) =>
      new CachePolicy(this, id, {
        comment,
        defaultTtl: Duration.seconds(0),
        minTtl: Duration.seconds(0),
        maxTtl: Duration.days(1),
        queryStringBehavior: queryStrings.length > 0 ? CacheQueryStringBehavior.allowList(...queryStrings) : CacheQueryStringBehavior.none(),
        headerBehavior: CacheHeaderBehavior.allowList(VIEWER_HOST_HEADER),
        cookieBehavior: CacheCookieBehavior.none(),
        enableAcceptEncodingGzip: true,
        enableAcceptEncodingBrotli: true,
      });
    const pageOrigin = FunctionUrlOrigin.withOriginAccessControl(this.pages.url);
    const pageBehavior = (cachePolicy: CachePolicy): BehaviorOptions => ({
      origin: pageOrigin,
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
      cachePolicy,
      responseHeadersPolicy: securityHeaders,
      functionAssociations: [{ function: viewerHost, eventType: FunctionEventType.VIEWER_REQUEST }],
    });
    const pageAnswers = pageBehavior(
      pageCache('PageAnswers', 'Provider pages, sitemap and robots.txt from the page function, for as long as their Cache-Control allows', []),
    );
    return Object.fromEntries(
      PAGE_PATH_PATTERNS.map((pattern) => {
        const queryStrings = Object.hasOwn(PAGE_QUERY_STRINGS, pattern) ? PAGE_QUERY_STRINGS[pattern]! : undefined;
        if (!queryStrings) return [pattern, pageAnswers];
        // "/job-directory" makes JobDirectorySearchAnswers.
        const name = pattern.replace(/(^|[/-])([a-z])/g, (_, _separator: string, letter: string) => letter.toUpperCase());
        return [
          pattern,
          pageBehavior(
            pageCache(`${name}SearchAnswers`, `The search page ${pattern} from the page function, one copy per value of its own query strings`, queryStrings),
          ),
        ];
      }),
    );
  }

  /** The cdk-nag findings the distribution is meant to have, and why. */
  private acknowledgeDistribution(customCertificate: boolean): void {
    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR1',
      reason: 'The service is for UK users but visitors abroad (travelling customers, providers) are not to be refused.',
    });
    if (!customCertificate) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'Without a custom domain the distribution uses the default *.cloudfront.net certificate, whose minimum ' +
          'protocol CloudFront fixes at TLSv1; with domainName and certificateArn it is TLSv1.2_2021.',
      });
    }
    Annotations.of(this.distribution).acknowledgeWarning(
      '@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac',
      'The media buckets are in the Data stack, whose bucket policies let this distribution read them (mediaBucketName explains why).',
    );
  }

  /**
   * The origin secret's rotation: every ORIGIN_SECRET_ROTATION, Secrets Manager calls a function that
   * makes a new value and tells the distribution to send it; the API functions accept the old and the
   * new value while CloudFront's edges take the change up.
   */
  private rotateOriginSecret(config: DeploymentConfig): void {
    const logGroup = new LogGroup(this, 'OriginSecretRotationLogs', { retention: RetentionDays.THREE_MONTHS });
    const role = new Role(this, 'OriginSecretRotationRole', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    role.addToPolicy(new PolicyStatement({ actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [logGroup.logGroupArn] }));
    role.addToPolicy(
      new PolicyStatement({
        actions: ['cloudfront:GetDistributionConfig', 'cloudfront:UpdateDistribution'],
        resources: [this.formatArn({ service: 'cloudfront', region: '', resource: 'distribution', resourceName: this.distribution.distributionId })],
      }),
    );
    const rotation = new NodejsFunction(this, 'OriginSecretRotation', {
      functionName: `solutionz-${config.stage}-origin-secret-rotation`,
      description: 'Solutionz: rotates the secret CloudFront sends the API and tells the distribution',
      entry: ORIGIN_SECRET_ROTATION_ENTRY,
      handler: 'handler',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: 256,
      timeout: Duration.seconds(30),
      tracing: Tracing.ACTIVE,
      role,
      logGroup,
      projectRoot: REPO_ROOT,
      depsLockFilePath: join(REPO_ROOT, 'package-lock.json'),
      environment: { STAGE: config.stage, DISTRIBUTION_ID: this.distribution.distributionId, NODE_OPTIONS: '--enable-source-maps' },
      bundling: { ...LAMBDA_BUNDLING, mainFields: [...LAMBDA_BUNDLING.mainFields] },
    });
    this.originSecret.addRotationSchedule('Rotation', {
      rotationLambda: rotation,
      automaticallyAfter: ORIGIN_SECRET_ROTATION,
      rotateImmediatelyOnUpdate: false,
    });
    acknowledgeServerlessDefaults(
      rotation,
      role,
      'Secrets Manager GetRandomPassword (granted with the rotation schedule) and X-Ray PutTraceSegments and PutTelemetryRecords (active tracing) support no resource-level permissions.',
    );
  }

  /**
   * /media/<bucket>/* from each media bucket (docs/architecture.md#files), read through origin access control,
   * cached as the files' own Cache-Control says. The buckets are named, not referenced: see mediaBucketName.
   */
  private mediaBehaviors(config: DeploymentConfig, securityHeaders: ResponseHeadersPolicy): Record<string, BehaviorOptions> {
    const originAccessControl = new S3OriginAccessControl(this, 'MediaAccessControl', { description: 'CloudFront reads the media buckets' });
    return Object.fromEntries(
      MEDIA_BUCKETS.map((name) => {
        const bucket = Bucket.fromBucketAttributes(this, `MediaBucket-${name}`, {
          bucketName: mediaBucketName(this.account, config.stage, name),
          region: this.region,
        });
        const behavior: BehaviorOptions = {
          origin: S3BucketOrigin.withOriginAccessControl(bucket, { originAccessControl, originAccessLevels: [AccessLevel.READ] }),
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: securityHeaders,
        };
        return [mediaPathPattern(name), behavior];
      }),
    );
  }
}
