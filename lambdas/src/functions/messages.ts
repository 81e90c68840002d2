import { randomUUID } from 'node:crypto';
import { createDocumentClient } from '../adapters/dynamodb';
import { getConfig } from '../config';
import { createAccountRepository } from '../data/account-repository';
import { createAccountStandingReader } from '../data/account-standing';
import { createJobsRepository } from '../data/jobs-repository';
import { createMessagesRepository } from '../data/messages-repository';
import { createMessageMailsRepository } from '../data/message-mails-repository';
import { createMessageReportsRepository } from '../data/message-reports-repository';
import { createRateLimitRepository } from '../data/rate-limit-repository';
import { createResponseTimesRepository } from '../data/response-times-repository';
import { createDirectoryRepository } from '../data/directory-repository';
import { createAreaHandler } from '../http/area-handler';
import { areaRuntime } from '../http/area-runtime';
import {
  getConversation,
  getUnreadMessages,
  listConversations,
  markConversationRead,
  sendMessage,
  setConversationBlocked,
  startConversation,
  type MessagesDeps,
} from '../services/messages/conversations';
import { unsubscribeMessageMails } from '../services/messages/message-mails';
import { reportConversation, type ReportDeps } from '../services/messages/report';
import { checkMessageImage, createMessageImageUpload, getMessageImage, type MessageImagesDeps } from '../services/messages/message-images';
import { createS3MediaStorageFor } from '../adapters/s3-media';
import { loadPortfolioConfig } from '../area-config';

const config = getConfig();
const runtime = areaRuntime(config);

function createMessagesDeps() {
  const documents = createDocumentClient(config.region);
  // Message images are kept in the portfolio bucket, under prefixes that are never served (message-image-keys.ts).
  const files = loadPortfolioConfig();
  return {
    messageFiles: createS3MediaStorageFor(config.region, files.bucket, { localEndpoint: files.localS3 }),
    random: { id: () => randomUUID() },
    messages: createMessagesRepository(documents, config.tableName),
    accounts: createAccountRepository(documents, config.tableName),
    jobs: createJobsRepository(documents, config.tableName),
    rateLimits: createRateLimitRepository(documents, config.tableName),
    messageMails: createMessageMailsRepository(documents, config.tableName),
    standing: createAccountStandingReader(documents, config.tableName),
    responseTimes: createResponseTimesRepository(documents, config.tableName),
    directory: createDirectoryRepository(documents, config.tableName),
    reports: createMessageReportsRepository(documents, config.tableName),
    clock: () => new Date(),
  } satisfies MessagesDeps & ReportDeps & MessageImagesDeps & Record<string, unknown>;
}

export const handler = createAreaHandler(
  'messages',
  {
    listConversations: ({ deps, caller, query }) => listConversations(deps, caller, query),
    startConversation: ({ deps, caller, body }) => startConversation(deps, caller, body),
    getConversation: ({ deps, caller, params, query }) => getConversation(deps, caller, params.conversationId, query),
    sendMessage: ({ deps, caller, params, body }) => sendMessage(deps, caller, params.conversationId, body),
    markConversationRead: ({ deps, caller, params }) => markConversationRead(deps, caller, params.conversationId),
    setConversationBlocked: ({ deps, caller, params, body }) => setConversationBlocked(deps, caller, params.conversationId, body.blocked),
    reportConversation: ({ deps, caller, params, body }) => reportConversation(deps, caller, params.conversationId, body),
    getUnreadMessages: ({ deps, caller }) => getUnreadMessages(deps, caller),
    createMessageImageUpload: ({ deps, caller, params, body }) => createMessageImageUpload(deps, caller, params.conversationId, body),
    checkMessageImage: ({ deps, caller, params }) => checkMessageImage(deps, caller, params.conversationId, params.imageId),
    getMessageImage: ({ deps, caller, params, query }) => getMessageImage(deps, caller, params.conversationId, params.imageId, query.size),
    unsubscribeMessageMails: ({ deps, body }) =>
      unsubscribeMessageMails({ mails: deps.messageMails, accounts: deps.accounts, clock: deps.clock }, body.token, 'body.token', body.mail),
    oneClickUnsubscribeMessageMails: ({ deps, query }) =>
      unsubscribeMessageMails({ mails: deps.messageMails, accounts: deps.accounts, clock: deps.clock }, query.token, 'query.token', query.mail),
  },
  {
    deps: createMessagesDeps,
    standing: (deps) => deps.standing,
    ...runtime,
  },
);
