import { ACCOUNT_MESSAGES } from '../account-messages';
import { FEEDBACK_MESSAGES } from '../feedback-constants';
import { ADMIN_LIMITS, type AdminAuditAction, type AdminAuditState, type AdminReasonCode } from './admin-constants';

/**
 * The admin console's wording: its messages and the labels of the reasons and the audit trail's actions and
 * states. Every admin action is recorded in an append-only audit trail with a reason, stated to the person
 * affected; restrictive and destructive ones require it.
 */

export const ADMIN_CONSOLE_MESSAGES = {
  reasonRequired: 'Please choose a reason',
  reasonNoteRequired: 'Please describe the reason',
  reasonNoteTooLong: `The reason must be at most ${ADMIN_LIMITS.reasonNoteMaxChars} characters`,
  reasonHint: 'The person affected is e-mailed this reason.',
  statsFailed: 'Failed to load the dashboard',
  analyticsFailed: 'Failed to load analytics data',
  analyticsLoading: 'Loading analytics...',
  /** Deployed stages: admin routes answer 403 ADMIN_MFA_REQUIRED until the admin has 2-step verification on. */
  mfaRequired: 'Administrators must turn on 2-step verification before using the admin console.',
  auditFailed: 'Failed to load the activity',
  users: {
    loadFailed: 'Failed to load users',
    statusFailed: 'Failed to update user status',
    visibilityFailed: 'Failed to update user visibility',
    deleteFailed: 'Failed to delete user',
    updateFailed: 'Failed to update user',
    emailUnavailable: 'Email unavailable',
    namesRequired: 'First name and last name are required',
    deleteWarning: 'This permanently deletes the account and all of its data, reviews and jobs, and cancels any membership. This action cannot be undone.',
    notFound: 'User not found',
    updated: 'User updated',
    activated: 'User activated',
    deactivated: 'User deactivated',
    shown: 'User is visible in the directory',
    hidden: 'User is hidden from the directory',
    deleted: 'User deleted',
    /** 409s of an account type change: what would break. */
    typeChange: {
      admins: 'An admin account cannot be changed to another type, and no account can be made an admin here.',
      membership: 'This provider has a membership. It must end before the account can become a client.',
      unclaimed: 'This business has not been claimed yet, so it has no account that could become a client.',
    },
    /** The acting admin on their own account (409). */
    notOnYourself: 'You cannot do this to your own account.',
    /** An admin account is only ever removed, by another admin (409 for deactivating or hiding it). */
    adminProtected: 'Admin accounts cannot be deactivated or hidden. Another administrator can remove one.',
    /** Hide and Show take a provider out of the directory or back; a client is never listed (409). */
    onlyProvidersListed: 'Only providers can be hidden or shown: clients are never listed in the directory.',
    /** What removing an admin account does, in the reason dialog. */
    adminDeleteWarning:
      'This permanently removes the administrator account and its sign-in. The audit trail keeps its actions under a pseudonym. This action cannot be undone.',
    /**
     * Two admins removed each other at once: the other one went first, so this admin's own account is being
     * removed and nothing was done (409).
     */
    actorChanged: 'Your own account was changed in the meantime, so nothing was done.',
    /** Another admin changed the same account between reading and writing (409): reload and try again. */
    changedMeanwhile: 'This user was changed by someone else in the meantime. Please reload and try again.',
    /** An admin stopped the person messaging after a report (docs/product/admin.md#reported-conversations); lifting it: */
    messagingStopped: 'Messaging stopped',
    messagingAllowed: 'This person can send messages again',
    allowMessagingFailed: 'Messaging was not allowed again',
    /** There is no ban to lift (409): never stopped, or lifted already. */
    messagingNotStopped: 'This person is not stopped from messaging: there is nothing to lift.',
  },
  createProvider: {
    validationError: 'Validation Error',
    businessNameRequired: ACCOUNT_MESSAGES.businessNameRequired,
    clientCreation: { title: 'Client creation', description: 'Clients must sign up through the standard registration flow.' },
    created: 'Provider created successfully and added to the directory',
    failed: 'Failed to create provider',
    logoMissing: 'No uploaded logo was found. Please choose the file again.',
    logoWrongType: 'Please upload a PNG, JPG, or JPEG image.',
    logoTooLarge: 'Please upload an image smaller than 2MB.',
  },
  feedback: {
    loadFailed: FEEDBACK_MESSAGES.loadFailed,
    updateFailed: FEEDBACK_MESSAGES.updateFailed,
    deleteFailed: FEEDBACK_MESSAGES.deleteFailed,
    approvalFailed: 'Failed to update feedback approval',
    deleteConfirm: FEEDBACK_MESSAGES.deleteConfirm,
    approved: 'Feedback approved',
    unapproved: 'Feedback unpublished',
    updated: FEEDBACK_MESSAGES.updated,
    deleted: FEEDBACK_MESSAGES.deleted,
    notFound: FEEDBACK_MESSAGES.notFound,
  },
} as const;

export const ADMIN_REASON_LABELS: Readonly<Record<AdminReasonCode, string>> = {
  spam: 'Spam or advertising',
  abusive: 'Abusive or offensive content',
  misleading: 'False or misleading information',
  impersonation: 'Impersonation or fake account',
  policyBreach: 'Breach of the terms of use',
  requested: 'Requested by the account holder',
  other: 'Other',
};

export const ADMIN_AUDIT_ACTION_LABELS: Readonly<Record<AdminAuditAction, string>> = {
  'user.update': 'edited a user',
  'user.typeChange': 'changed an account type',
  'user.activate': 'activated a user',
  'user.deactivate': 'deactivated a user',
  'user.show': 'showed a user in the directory',
  'user.hide': 'hid a user from the directory',
  'user.delete': 'deleted a user',
  'provider.create': 'created a provider',
  'feedback.approve': 'approved feedback',
  'feedback.unapprove': 'unpublished feedback',
  'feedback.update': 'edited feedback',
  'feedback.delete': 'deleted feedback',
  'claim.approve': 'approved a business claim',
  'claim.refuse': 'refused a business claim',
  // Not an admin's act: the claimant proved the business's recorded address, and the business moved to them.
  'claim.verify': 'took over a business through its recorded email address',
  'category.create': 'added a category',
  'category.update': 'edited a category',
  'category.delete': 'deleted a category',
  'category.reorder': 'reordered categories',
  'report.dismiss': 'dismissed a conversation report',
  'report.blockMessaging': 'stopped a reported person from messaging',
  'report.deactivate': 'deactivated a reported person',
  'user.allowMessaging': 'allowed a person to send messages again',
  'user.view': "viewed a person's record",
  'claims.view': "viewed business claims with the claimants' addresses",
  'report.view': 'viewed reported conversations',
  'credential.verify': 'verified a credential',
  'credential.reject': 'rejected a credential',
  'credential.viewEvidence': "opened a credential's evidence document",
  'credentialOption.create': 'added a credential scheme or kind',
  'credentialOption.update': 'renamed a credential scheme or kind',
  'credentialOption.delete': 'removed a credential scheme or kind',
};

export const ADMIN_AUDIT_STATE_LABELS: Readonly<Record<AdminAuditState, string>> = {
  started: 'Not finished: asking again completes it',
  completed: 'Completed',
};

/**
 * How the audit trail names a person whose account was erased: no name or address is left, only a short
 * pseudonym derived from their id, the same in every entry they appear in.
 */
export const erasedPersonName = (pseudonym: string) => `Deleted user ${pseudonym}`;
