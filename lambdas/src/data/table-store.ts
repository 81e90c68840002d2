import { Entity, Service } from 'electrodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { adminBusinessEntity, adminDayEntity, adminStatEntity, auditEntryEntity, userIndexEntryEntity, userIndexHeadEntity } from './admin';
import {
  accountEmailEntity,
  accountTokenEntity,
  adminSetupEntity,
  businessEntity,
  businessWordEntity,
  cooldownEntity,
  profileEntity,
  profileMoveEntity,
  rateCounterEntity,
} from './accounts';
import { categoryEntity, categoryGroupEntity } from './categories';
import { claimEntity } from './claims';
import { credentialCountEntity, credentialEntity, credentialExpiryMarkEntity, credentialOptionEntity, credentialQueueMarkEntity } from './credentials';
import { feedbackAuthorEntity, feedbackEntity } from './feedback';
import { jobAlertClaimEntity, jobAlertDeadLetterEntity, jobAlertTokenEntity } from './job-alerts';
import { jobContactEntity, jobEntity, jobRevealEntity, savedJobEntity, verifiedClientEntity } from './jobs';
import { listingEntity } from './directory';
import { messageReportEntity, messagingBanEntity, openReportMarkEntity } from './message-reports';
import { messageMailClaimEntity, messageMailDueEntity, messageMailsTokenEntity } from './message-mails';
import {
  conversationEntity,
  conversationMemberEntity,
  messageEntity,
  messageImageEntity,
  messageImageExpiryEntity,
  sentMessageMarkEntity,
  unreadMessagesEntity,
} from './messages';
import { offerCounterEntity, offerSlotEntity, stripeEventEntity } from './membership';
import { portfolioCounterEntity, portfolioItemEntity } from './portfolio';
import { providerNewsEntity, providerUpdateClaimEntity, providerUpdatesTokenEntity } from './provider-updates';
import { savedProviderEntity } from './saved-providers';
import { sessionExpiryBucketEntity, sessionsHeadEntity, signInPlaceEntity } from './sessions';
import { transparencyCountEntity } from './transparency';

/**
 * Every ElectroDB entity of the single table, bound to one client and table: the repositories read and
 * write through it, and a transaction may span any of its entities. The raw DynamoDB commands that remain
 * are listed, with the reason for each, in docs/data-layer.md.
 *
 * Made once per client and table: ElectroDB checks each entity's model when it is made (54 of them, some
 * milliseconds each), and every repository asks for the store, so a Lambda's cold start and the local
 * stack's demo data (some 8 s of its processor time) would otherwise check them again and again.
 * The store holds nothing but the bindings, so repositories sharing one is the same as each making its own.
 */
export function createTableStore(client: DynamoDBDocumentClient, table: string): TableStore {
  let byTable = stores.get(client);
  if (!byTable) stores.set(client, (byTable = new Map()));
  let store = byTable.get(table);
  if (!store) byTable.set(table, (store = newTableStore(client, table)));
  return store;
}

export type TableStore = ReturnType<typeof newTableStore>;
const stores = new WeakMap<DynamoDBDocumentClient, Map<string, TableStore>>();

function newTableStore(client: DynamoDBDocumentClient, table: string) {
  // A Service binds the entity instances it is given to its client and table: each store takes instances of its
  // own, so two stores (two tables in one test file) never send each other's requests.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const own = <E extends Entity<any, any, any, any>>(entity: E): E => new Entity(entity.schema, { client, table }) as E;
  return new Service(
    {
      profile: own(profileEntity),
      accountEmail: own(accountEmailEntity),
      accountToken: own(accountTokenEntity),
      rateCounter: own(rateCounterEntity),
      cooldown: own(cooldownEntity),
      adminSetup: own(adminSetupEntity),
      business: own(businessEntity),
      businessWord: own(businessWordEntity),
      categoryGroup: own(categoryGroupEntity),
      category: own(categoryEntity),
      stripeEvent: own(stripeEventEntity),
      offerCounter: own(offerCounterEntity),
      offerSlot: own(offerSlotEntity),
      listing: own(listingEntity),
      portfolioItem: own(portfolioItemEntity),
      portfolioCounter: own(portfolioCounterEntity),
      savedProvider: own(savedProviderEntity),
      feedback: own(feedbackEntity),
      feedbackAuthor: own(feedbackAuthorEntity),
      job: own(jobEntity),
      jobContact: own(jobContactEntity),
      jobReveal: own(jobRevealEntity),
      savedJob: own(savedJobEntity),
      verifiedClient: own(verifiedClientEntity),
      jobAlertClaim: own(jobAlertClaimEntity),
      jobAlertToken: own(jobAlertTokenEntity),
      jobAlertDeadLetter: own(jobAlertDeadLetterEntity),
      adminStat: own(adminStatEntity),
      auditEntry: own(auditEntryEntity),
      userIndexHead: own(userIndexHeadEntity),
      userIndexEntry: own(userIndexEntryEntity),
      providerNews: own(providerNewsEntity),
      providerUpdateClaim: own(providerUpdateClaimEntity),
      providerUpdatesToken: own(providerUpdatesTokenEntity),
      claim: own(claimEntity),
      adminDay: own(adminDayEntity),
      conversation: own(conversationEntity),
      conversationMember: own(conversationMemberEntity),
      message: own(messageEntity),
      sentMessageMark: own(sentMessageMarkEntity),
      messageImage: own(messageImageEntity),
      messageImageExpiry: own(messageImageExpiryEntity),
      unreadMessages: own(unreadMessagesEntity),
      profileMove: own(profileMoveEntity),
      adminBusiness: own(adminBusinessEntity),
      messageMailDue: own(messageMailDueEntity),
      messageMailClaim: own(messageMailClaimEntity),
      messageMailsToken: own(messageMailsTokenEntity),
      sessionsHead: own(sessionsHeadEntity),
      sessionExpiryBucket: own(sessionExpiryBucketEntity),
      signInPlace: own(signInPlaceEntity),
      messageReport: own(messageReportEntity),
      openReportMark: own(openReportMarkEntity),
      messagingBan: own(messagingBanEntity),
      transparencyCount: own(transparencyCountEntity),
      credential: own(credentialEntity),
      credentialCount: own(credentialCountEntity),
      credentialQueueMark: own(credentialQueueMarkEntity),
      credentialExpiryMark: own(credentialExpiryMarkEntity),
      credentialOption: own(credentialOptionEntity),
    },
    { client, table },
  );
}
