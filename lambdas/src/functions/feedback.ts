import { randomUUID } from 'node:crypto';
import { createDocumentClient } from '../adapters/dynamodb';
import { getConfig } from '../config';
import { createAccountRepository } from '../data/account-repository';
import { createAccountStandingReader } from '../data/account-standing';
import { createDirectoryRepository } from '../data/directory-repository';
import { createFeedbackRepository } from '../data/feedback-repository';
import { createJobsRepository } from '../data/jobs-repository';
import { createAreaHandler } from '../http/area-handler';
import { areaRuntime } from '../http/area-runtime';
import type { FeedbackDeps } from '../services/feedback/deps';
import {
  createFeedback,
  deleteMyFeedback,
  getMyFeedbackFor,
  listMyProviderFeedback,
  listProviderFeedback,
  updateMyFeedback,
} from '../services/feedback/feedback';
import { replyToFeedback } from '../services/feedback/reply';

const config = getConfig();
const runtime = areaRuntime(config);

function createFeedbackDeps(): FeedbackDeps {
  const documents = createDocumentClient(config.region);
  return {
    feedback: createFeedbackRepository(documents, config.tableName),
    accounts: createAccountRepository(documents, config.tableName),
    directory: createDirectoryRepository(documents, config.tableName),
    jobs: createJobsRepository(documents, config.tableName),
    standing: createAccountStandingReader(documents, config.tableName),
    clock: () => new Date(),
    newId: () => randomUUID(),
  };
}

export const handler = createAreaHandler(
  'feedback',
  {
    listProviderFeedback: ({ deps, params, query }) => listProviderFeedback(deps, params.providerId, query),
    listMyProviderFeedback: ({ deps, caller, query }) => listMyProviderFeedback(deps, caller, query),
    getMyFeedbackFor: ({ deps, caller, params }) => getMyFeedbackFor(deps, caller, params.providerId),
    createFeedback: ({ deps, caller, params, body }) => createFeedback(deps, caller, params.providerId, body),
    updateMyFeedback: ({ deps, caller, params, body }) => updateMyFeedback(deps, caller, params.providerId, body),
    deleteMyFeedback: ({ deps, caller, params }) => deleteMyFeedback(deps, caller, params.providerId),
    replyToFeedback: ({ deps, caller, params, body }) => replyToFeedback(deps, caller, params, body.text),
  },
  {
    deps: createFeedbackDeps,
    standing: (deps) => deps.standing,
    ...runtime,
  },
);
