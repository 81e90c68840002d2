import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Area } from '@solutionz/shared';
import { areaEntryFile } from '@solutionz/lambdas/area-entries';
import type { HandlersByArea, LambdaHandler } from './gateway';
import type { LocalFunction } from './lambda-invoke';
import type { StreamHandler } from './stream-poller';

/**
 * The Lambda functions a local stack serves, each imported on its first call, as Lambda loads a function
 * on its first (cold) invocation. Importing them all is about a second of processor time, which a start
 * need not spend before it is ready; `warm()` imports them all at once,
 * which the stack does as soon as it is ready, while the person who started it opens the site. A request
 * that comes first waits for its function, as it would for a cold start.
 */
export interface LocalFunctionSet {
  /** The HTTP API's functions, one per area of the route table. */
  readonly handlers: HandlersByArea;
  /** The user pool's post-authentication trigger. */
  readonly postAuthentication: LocalFunction;
  /** The job alerts worker on the table's stream. */
  readonly jobAlerts: StreamHandler;
  /** The message mails worker, run on a schedule. */
  readonly messageMails: () => Promise<unknown>;
  /** The credential expiry worker, run on a schedule. */
  readonly credentialReminders: () => Promise<unknown>;
  /** Imports every function that has not been; those that fail to load are named in the error. */
  warm(): Promise<void>;
}

/** A function imported from its entry on its first call (and by `load`); a failed import fails every call. */
function lazyHandler<F extends (...args: never[]) => Promise<unknown>>(entry: string): { readonly call: F; readonly load: () => Promise<F> } {
  let loading: Promise<F> | undefined;
  const load = () =>
    (loading ??= (import(entry) as Promise<{ handler?: unknown }>).then((module) => {
      if (typeof module.handler !== 'function') throw new Error(`${entry} does not export a handler function`);
      return module.handler as F;
    }));
  const call = (async (...args: Parameters<F>) => (await load())(...args)) as unknown as F;
  return { call, load };
}

/**
 * The functions of `lambdas/src/functions` under `root`, for the route table's `areas`. Checks now that
 * every area has its entry: a missing one is a broken checkout, not a 404 once the stack runs.
 */
export function localFunctions(root: string, areas: readonly Area[]): LocalFunctionSet {
  const entry = (file: string) => join(root, 'lambdas/src/functions', file);
  for (const area of areas) {
    const file = entry(areaEntryFile(area));
    if (!existsSync(file)) throw new Error(`The route table has routes for area "${area}", but its Lambda entry ${file} does not exist`);
  }
  const byArea = areas.map((area) => [area, lazyHandler<LambdaHandler>(entry(areaEntryFile(area)))] as const);
  const postAuthentication = lazyHandler<LocalFunction>(entry('post-authentication.ts'));
  const jobAlerts = lazyHandler<StreamHandler>(entry('job-alerts.ts'));
  const messageMails = lazyHandler<() => Promise<unknown>>(entry('message-mails.ts'));
  const credentialReminders = lazyHandler<() => Promise<unknown>>(entry('credential-reminders.ts'));
  const every = [...byArea.map(([, fn]) => fn), postAuthentication, jobAlerts, messageMails, credentialReminders];
  return {
    handlers: Object.fromEntries(byArea.map(([area, fn]) => [area, fn.call])),
    postAuthentication: postAuthentication.call,
    jobAlerts: jobAlerts.call,
    messageMails: messageMails.call,
    credentialReminders: credentialReminders.call,
    async warm() {
      const failed = (await Promise.allSettled(every.map((fn) => fn.load()))).flatMap((outcome) =>
        outcome.status === 'rejected' ? [outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason)] : [],
      );
      if (failed.length) throw new Error(`Some Lambda functions could not load: ${failed.join('; ')}`);
    },
  };
}
