import { z } from 'zod';

/**
 * The one-click unsubscribe of a notification mail (job alerts, provider updates): the mail's link opens a
 * page that posts the token, and mail programs POST to the one-click address themselves (RFC 8058).
 * `invalid` is what a token that is not one is told.
 */
export function unsubscribeSchemas(invalid: string) {
  const token = z.string(invalid).trim().min(1, invalid).max(200, invalid);
  return {
    /** The page's POST: the token of the mail's link. */
    body: z.strictObject({ token }),
    /** The one-click POST: the token in the query, the body (`List-Unsubscribe=One-Click`) unread. */
    oneClickQuery: z.strictObject({ token }),
  };
}

/** Again after the mails are off is the same answer: the link may be opened twice. */
export const unsubscribeResponseSchema = z.object({ unsubscribed: z.literal(true) });
export type UnsubscribeResponse = z.output<typeof unsubscribeResponseSchema>;
