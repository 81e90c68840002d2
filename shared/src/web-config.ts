import { z } from 'zod';

/**
 * What the browser reads from `/config.json` at start-up: written by the deployment (cloud) or by
 * the local launcher, so one web build serves every stage (docs/architecture.md#web).
 */
export const webConfigSchema = z.object({
  stage: z.string().min(1),
  apiBase: z.string().min(1),
  auth: z.object({
    region: z.string().min(1),
    userPoolId: z.string().min(1),
    userPoolClientId: z.string().min(1),
    /** Set only for the local emulator; the cloud uses Cognito's own endpoint. */
    userPoolEndpoint: z.url().optional(),
    /** SRP in the cloud; the local emulator only speaks USER_PASSWORD_AUTH. */
    authFlowType: z.enum(['USER_SRP_AUTH', 'USER_PASSWORD_AUTH']),
  }),
  /** Admin usernames sign in as `<username>@<adminEmailDomain>` (docs/product/accounts.md#admin-sign-in). */
  adminEmailDomain: z.string().min(1).optional(),
  /**
   * How often an open conversation and the inbox ask for new messages, in milliseconds, within MESSAGE_POLL_MS's bounds
   * (written out here: the web's Vite config loads this file alone); its default when unset, as on every deployed
   * stage. The local test stacks set a second, so a browser test sees a message arrive as soon as the app would show
   * it rather than after a poll that is most of its wait.
   */
  messagePollMs: z.number().int().min(250).max(60_000).optional(),
});
export type WebConfig = z.infer<typeof webConfigSchema>;
