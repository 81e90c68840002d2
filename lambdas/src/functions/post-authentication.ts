import type { PostAuthenticationTriggerEvent } from 'aws-lambda';
import { createDocumentClient } from '../adapters/dynamodb';
import { loadSessionsTriggerConfig } from '../area-config';
import { createAccountStandingReader, type AccountStandingReader } from '../data/account-standing';
import { createSessionRepository } from '../data/session-repository';
import { createLogger } from '../http/logger';
import { recordSignIn, type SessionDeps } from '../services/security/active-sessions';

/**
 * Cognito's post-authentication trigger: every sign-in (a password, or a password and a 2-step code)
 * is recorded as a session for the admin analytics. In the cloud the user pool calls it; locally
 * cognito-local calls it through the stack's Lambda Invoke endpoint (scripts/local/lambda-invoke.ts).
 * A sign-in is never refused for the count's sake: a failure to record it is logged, and the event goes
 * back as Cognito expects.
 */

type TriggerDeps = SessionDeps & { readonly standing: AccountStandingReader };

/** The logger's part the trigger writes to (Powertools' Logger in the cloud). */
interface TriggerLog {
  error(message: string, attributes: Record<string, unknown>): void;
  warn(message: string, attributes: Record<string, unknown>): void;
}

export function createPostAuthenticationHandler(deps: () => TriggerDeps, logger: TriggerLog) {
  return async (event: PostAuthenticationTriggerEvent): Promise<PostAuthenticationTriggerEvent> => {
    const userId = event.request.userAttributes.sub;
    if (!userId) {
      logger.warn('A sign-in without a sub was not counted', { userName: event.userName });
      return event;
    }
    try {
      await recordSignIn(deps(), userId);
    } catch (error) {
      logger.error('The sign-in was not recorded as a session', { userId, error: error as Error });
    }
    return event;
  };
}

let runtime: ((event: PostAuthenticationTriggerEvent) => Promise<PostAuthenticationTriggerEvent>) | undefined;

/** Read at the first sign-in, as a cold start would. */
function createRuntime() {
  const config = loadSessionsTriggerConfig();
  const documents = createDocumentClient(config.region);
  const deps: TriggerDeps = {
    sessions: createSessionRepository(documents, config.tableName),
    standing: createAccountStandingReader(documents, config.tableName),
    clock: () => new Date(),
  };
  return createPostAuthenticationHandler(() => deps, createLogger(config));
}

export function handler(event: PostAuthenticationTriggerEvent): Promise<PostAuthenticationTriggerEvent> {
  runtime ??= createRuntime();
  return runtime(event);
}
