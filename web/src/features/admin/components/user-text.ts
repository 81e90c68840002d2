import { ADMIN_CONSOLE_MESSAGES, type AdminUserSummary } from '@solutionz/shared';

/** The e-mail column: an unclaimed business has no login and no address of its own. */
export function emailText(user: Pick<AdminUserSummary, 'email' | 'unclaimedBusiness'>): string {
  if (user.email) return user.email;
  return user.unclaimedBusiness ? 'No login (unclaimed business)' : ADMIN_CONSOLE_MESSAGES.users.emailUnavailable;
}

export function listingText(user: Pick<AdminUserSummary, 'listing'>): string {
  return { membership: 'Membership', adminGranted: 'Admin-granted listing', none: 'Not listed' }[user.listing];
}
