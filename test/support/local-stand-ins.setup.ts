import { S3RVER_CLIENT_OPTIONS, S3RVER_CREDENTIALS } from '../../scripts/local/s3';
import { start as startLambdaInvoke } from '../../scripts/local/lambda-invoke';
import { serveHttp } from '../../scripts/local/process';
import { VALID_CARD } from '../../scripts/local/stripe/cards';
import { sdkFor, submitCheckout } from '../../scripts/local/stripe/client';
import { startLocalStripe } from '../../scripts/local/stripe/local-stripe';
import { ensureUserPool } from '../../scripts/local/user-pool';
import { provideLocalStandIns } from '@solutionz/lambdas/testing/local-stand-ins';

// The connected project's tests start the local stack's own stand-ins (a local Stripe, a Lambda Invoke endpoint, a
// user pool made as the local stack makes it) in their worker, through lambdas/src/testing, which imports no scripts.
provideLocalStandIns({
  serveHttp,
  startLambdaInvoke,
  createUserPool: (cognito) => ensureUserPool(cognito, undefined),
  s3rver: { credentials: S3RVER_CREDENTIALS, clientOptions: S3RVER_CLIENT_OPTIONS },
  stripe: { start: startLocalStripe, sdkFor, submitCheckout, validCard: VALID_CARD },
});
