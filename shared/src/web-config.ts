import { z } from 'zod';

/**
 * What the browser reads from `/config.json` at start-up: written by the deployment (cloud) or by
 * the local launcher, so one web build serves every stage (DESIGN.md section 10).
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
  /** Admin usernames sign in as `<username>@<adminEmailDomain>` (spec 02 admin login). */
  adminEmailDomain: z.string().min(1).optional(),
});
export type WebConfig = z.infer<typeof webConfigSchema>;
