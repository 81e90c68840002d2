import { paymentGatewayFromConfig } from '../adapters/stripe-payments';
import { createDocumentClient } from '../adapters/dynamodb';
import { loadMembershipConfig, loadStripeConfig } from '../area-config';
import { getConfig } from '../config';
import { createAccountRepository } from '../data/account-repository';
import { createAccountStandingReader } from '../data/account-standing';
import { createDirectoryRepository } from '../data/directory-repository';
import { createMembershipRepository } from '../data/membership-repository';
import { createAreaHandler } from '../http/area-handler';
import { areaRuntime } from '../http/area-runtime';
import { checkCoupon, startCheckout } from '../services/membership/checkout';
import type { MembershipAreaDeps } from '../services/membership/deps';
import { cancelMembership, openPortal } from '../services/membership/manage';

const config = getConfig();
const runtime = areaRuntime(config);
const membershipConfig = loadMembershipConfig();
const stripeConfig = loadStripeConfig();

export async function createMembershipDeps(): Promise<MembershipAreaDeps> {
  const documents = createDocumentClient(config.region);
  return {
    accounts: createAccountRepository(documents, config.tableName),
    standing: createAccountStandingReader(documents, config.tableName),
    membership: createMembershipRepository(documents, config.tableName),
    payments: await paymentGatewayFromConfig(config.region, stripeConfig),
    directory: createDirectoryRepository(documents, config.tableName),
    clock: () => new Date(),
    config: { siteUrl: membershipConfig.siteUrl },
  };
}

export const handler = createAreaHandler(
  'membership',
  {
    membershipCheckout: ({ deps, caller, body }) => startCheckout(deps, caller, body),
    membershipCouponCheck: ({ deps, caller, body }) => checkCoupon(deps, caller, body.couponCode),
    membershipPortal: ({ deps, caller, body }) => openPortal(deps, caller, body.returnTo),
    membershipCancel: ({ deps, caller }) => cancelMembership(deps, caller),
  },
  {
    deps: createMembershipDeps,
    standing: (deps) => deps.standing,
    ...runtime,
  },
);
