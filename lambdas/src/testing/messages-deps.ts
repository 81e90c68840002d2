import { randomUUID } from 'node:crypto';
import type { Repositories } from '../data/repositories';
import type { MessagesDeps } from '../services/messages/conversations';
import type { ReportDeps } from '../services/messages/report';

/** Jobs stand in: no conversation is about a job unless a test gives jobs of its own. */
const NO_JOBS: MessagesDeps['jobs'] = { get: async () => undefined, hasRevealed: async () => false };

/**
 * What the messages services (conversations, reports) are given, all real over the table's repositories
 * but for the jobs, with the test's clock. Free of Vitest, so the
 * browser tests' data writers use it too.
 */
export function messagesTestDeps(repositories: Repositories, clock: () => Date): MessagesDeps & ReportDeps {
  return {
    messages: repositories.messages,
    accounts: repositories.accounts,
    rateLimits: repositories.rateLimits,
    messageMails: repositories.messageMails,
    jobs: NO_JOBS,
    responseTimes: repositories.responseTimes,
    directory: repositories.directory,
    reports: repositories.messageReports,
    clock,
    random: { id: () => randomUUID() },
  };
}
