import { claimRequestSchema } from '@solutionz/shared';
import { completeClaim, requestClaim, type ClaimDeps } from '../services/claims/claim';
import { linkToken, type SentMail } from './ses-inbox';

/** What the claim tests need of testAccountsDeps' answer: the deps and the mail they sent. */
interface ClaimContext {
  readonly deps: ClaimDeps;
  sentMail(): Promise<SentMail[]>;
}

let ips = 0;
/** A client address of its own per request, so the per-IP cap stays out of the way. */
const nextIp = () => `198.51.100.${(ips++ % 250) + 1}`;

/** Asks to claim the business with this name and address, and answers the token of the link the claim mail carries. */
export async function requestedClaimLink(context: ClaimContext, businessId: string, email: string, fullName = 'Priya Shah'): Promise<string> {
  const { email: sentTo } = await requestClaim(context.deps, businessId, claimRequestSchema.parse({ fullName, email }), nextIp());
  const mail = (await context.sentMail()).filter((sent) => sent.destination.to.includes(sentTo)).at(-1);
  return linkToken(mail, '/claim-business/complete');
}

/**
 * A claim made as a person would make it: the form, the mail's link, the password chosen on its page. Answers
 * the new account's id with what the completion answered (verified for the business's recorded address, pending otherwise).
 */
export async function claimThroughLink(context: ClaimContext, businessId: string, email: string, password = 'Correct-horse-1') {
  const token = await requestedClaimLink(context, businessId, email);
  const completed = await completeClaim(context.deps, { token, password });
  const userId = await context.deps.accounts.findUserIdByEmail(completed.email);
  if (!userId) throw new Error(`The claim opened no account for ${email}`);
  return { ...completed, userId };
}
