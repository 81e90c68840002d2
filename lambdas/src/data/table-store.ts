import { Service } from 'electrodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { accountEmailEntity, accountTokenEntity, adminSetupEntity, businessEntity, businessWordEntity, cooldownEntity, profileEntity, rateCounterEntity } from './accounts';
import { categoryEntity, categoryGroupEntity } from './categories';
import { feedbackAuthorEntity, feedbackEntity } from './feedback';
import { jobAlertClaimEntity, jobAlertDeadLetterEntity, jobAlertTokenEntity, jobContactEntity, jobEntity, jobRevealEntity, savedJobEntity, verifiedClientEntity } from './jobs';
import { offerCounterEntity, offerSlotEntity, stripeEventEntity } from './membership';
import { portfolioCounterEntity, portfolioItemEntity } from './portfolio';
import { savedProviderEntity } from './saved-providers';

/**
 * Every ElectroDB entity of the single table, bound to one client and table: the repositories read and
 * write through it, and a transaction may span any of its entities. The raw DynamoDB commands that remain
 * are listed, with the reason for each, in docs/data-layer.md.
 */
export function createTableStore(client: DynamoDBDocumentClient, table: string) {
  return new Service(
    {
      profile: profileEntity,
      accountEmail: accountEmailEntity,
      accountToken: accountTokenEntity,
      rateCounter: rateCounterEntity,
      cooldown: cooldownEntity,
      adminSetup: adminSetupEntity,
      business: businessEntity,
      businessWord: businessWordEntity,
      categoryGroup: categoryGroupEntity,
      category: categoryEntity,
      stripeEvent: stripeEventEntity,
      offerCounter: offerCounterEntity,
      offerSlot: offerSlotEntity,
      portfolioItem: portfolioItemEntity,
      portfolioCounter: portfolioCounterEntity,
      savedProvider: savedProviderEntity,
      feedback: feedbackEntity,
      feedbackAuthor: feedbackAuthorEntity,
      job: jobEntity,
      jobContact: jobContactEntity,
      jobReveal: jobRevealEntity,
      savedJob: savedJobEntity,
      verifiedClient: verifiedClientEntity,
      jobAlertClaim: jobAlertClaimEntity,
      jobAlertToken: jobAlertTokenEntity,
      jobAlertDeadLetter: jobAlertDeadLetterEntity,
    },
    { client, table },
  );
}
export type TableStore = ReturnType<typeof createTableStore>;
