import { paymentGatewayFromConfig } from '../adapters/stripe-payments';
import { createDocumentClient } from '../adapters/dynamodb';
import { loadStripeConfig } from '../area-config';
import { getConfig } from '../config';
import { createAccountRepository } from '../data/account-repository';
import { createDirectoryRepository } from '../data/directory-repository';
import { createMembershipRepository } from '../data/membership-repository';
import { createAreaHandler } from '../http/area-handler';
import { areaRuntime } from '../http/area-runtime';
import { handleStripeWebhook, type StripeWebhookDeps } from '../services/membership/webhook';

const config = getConfig();
const runtime = areaRuntime(config);
const stripeConfig = loadStripeConfig(process.env, { webhook: true });

/** Its own function (docs/product/membership.md#stripe-webhooks): public, and the only holder of the webhook signing secret. */
async function createStripeWebhookDeps(): Promise<StripeWebhookDeps> {
  const documents = createDocumentClient(config.region);
  return {
    accounts: createAccountRepository(documents, config.tableName),
    membership: createMembershipRepository(documents, config.tableName),
    payments: await paymentGatewayFromConfig(config.region, stripeConfig),
    directory: createDirectoryRepository(documents, config.tableName),
    clock: () => new Date(),
    metrics: runtime.businessMetrics,
  };
}

export const handler = createAreaHandler(
  'stripeWebhook',
  {
    stripeWebhook: ({ deps, rawBody, headers }) => handleStripeWebhook(deps, rawBody, headers['stripe-signature']),
  },
  {
    deps: createStripeWebhookDeps,
    ...runtime,
  },
);
