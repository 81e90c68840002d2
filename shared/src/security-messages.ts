import { PASSWORD_MIN_LENGTH } from './constants';

/** The wording of the security controls (docs/product/account-settings.md#security-tab), apart from their schemas (profile.ts), so that a page using it loads no zod. */
export const SECURITY_MESSAGES = {
  emailInvalid: 'Please enter a valid email address',
  currentPasswordRequired: 'Please enter your current password',
  currentPasswordWrong: 'Your current password is not correct.',
  passwordAttemptsExceeded: 'Too many wrong passwords. Please wait a few minutes and try again.',
  adminEmailFixed: 'Administrator accounts sign in with a username, so their address cannot be changed.',
  sameEmail: 'That is already the e-mail address of your account.',
  /** The same whether or not the address has an account (that address's mail says which): nobody learns which addresses are registered. */
  emailChangeSent: (email: string) => `We've sent an e-mail to ${email}. Your address changes only when you open the confirmation link in it.`,
  emailChangeFailed: 'Email change failed',
  emailChanged: (email: string) => `Your e-mail address is now ${email}.`,
  signInWithNewEmail: 'Every device signed in to your account has been signed out: sign in again with your new address.',
  emailChangeLinkInvalid: 'This e-mail change link is invalid or has expired.',
  emailChangeOffer:
    'Press the button to make this the address you sign in with. Every device signed in to your account will be signed out, and you sign in again with the new address.',
  newPasswordsDoNotMatch: "New passwords don't match",
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordChanged: { title: 'Password updated', description: 'Your password has been changed and your other devices have been signed out.' },
  passwordChangeFailed: 'Password change failed',
  totpCodeInvalid: 'That code is not valid. Check the time on your phone and try again.',
  totpCodeFormat: 'Enter the 6-digit code from your authenticator app',
  totpEnabled: { title: '2-step verification is on', description: 'From now on, signing in asks for a code from your authenticator app.' },
  totpDisabled: { title: '2-step verification is off', description: 'Signing in no longer asks for a code.' },
  totpAlreadyOn: '2-step verification is already on.',
  totpNotOn: '2-step verification is not on.',
  signedOutEverywhere: { title: 'Signed out everywhere', description: 'You have been signed out of all devices, this one included.' },
  accountDeleted: { title: 'Account deleted', description: 'Your account and the data we held about you have been removed.' },
  /** An admin account is removed by another admin from the admin console, never by itself (403). */
  adminCannotDeleteSelf: 'Administrator accounts cannot delete themselves. Another administrator can remove this account from the admin console.',
  deleteConfirm:
    'This deletes your profile, saved items, jobs and photos for good. Feedback you left for others stays, shown as from "Deleted user". This cannot be undone.',
  deletedUserName: 'Deleted user',
  alertsAlwaysOn: 'Security alerts are always on: we e-mail you whenever your sign-in details change.',
  deactivated: 'Your account has been deactivated. Please contact support.',
  sessionRevoked: 'Your session has ended. Please sign in again.',
} as const;
