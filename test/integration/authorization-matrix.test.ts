import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_CONSOLE_MESSAGES, apiErrorBodySchema, buildPath, MESSAGES, routeList, SECURITY_MESSAGES, type RouteName } from '@solutionz/shared';
import { conversationIdOf } from '@solutionz/lambdas/data/messages-repository';
import { createTableStore } from '@solutionz/lambdas/data/table-store';
import { createTestAccount, documents, signInTokens, stack, type TestAccount } from '../support/local-stack';
import { subscribeAccount } from '../support/membership';

/**
 * Who may call what (docs/architecture.md#access-rules): every route of the table, called by each kind of caller,
 * answers the status its row expects. A route without a row fails here, so each change that adds a
 * route adds its row. The requests are valid for an allowed caller but do no lasting harm (a wrong
 * password, an unknown token), except where a row asks for accounts of its own (`fresh`).
 */

/**
 * The unconfirmed client and provider (a member) have not opened their confirmation link: they act on
 * themselves as anyone else of their type, but may not post, publish, reveal or take an offer slot.
 */
const ROLES = [
  'anonymous',
  'client',
  'otherClient',
  'provider',
  'subscribedProvider',
  'otherProvider',
  'admin',
  'deactivated',
  'unconfirmedClient',
  'unconfirmedProvider',
] as const;
type Role = (typeof ROLES)[number];
type Caller = { account: TestAccount; token: string };
type Callers = Record<Exclude<Role, 'anonymous'>, Caller>;

interface Request {
  readonly params?: Record<string, string>;
  readonly query?: Record<string, string>;
  readonly body?: unknown;
}

interface Row {
  /** The request a caller of `role` sends (given every role's account, to name another user's data). */
  readonly request: (role: Role, callers: Callers) => Request;
  /** The status each kind of caller gets. */
  readonly expect: Record<Role, number>;
  /** Accounts of its own for this row: its requests change the caller's sessions. */
  readonly fresh?: boolean;
}

/** Every signed-in kind of caller gets `status`; anonymous callers 401, deactivated accounts 403. */
function signedIn(status: number): Record<Role, number> {
  return {
    anonymous: 401,
    client: status,
    otherClient: status,
    provider: status,
    subscribedProvider: status,
    otherProvider: status,
    admin: status,
    deactivated: 403,
    unconfirmedClient: status,
    unconfirmedProvider: status,
  };
}
/** Anyone at all gets `status`. */
function everyone(status: number): Record<Role, number> {
  return Object.fromEntries(ROLES.map((role) => [role, status])) as Record<Role, number>;
}
function only(roles: readonly Role[], status: number): Record<Role, number> {
  return { ...signedIn(403), ...Object.fromEntries(roles.map((role) => [role, status])) };
}

const unique = (label: string) => `${label}-${randomUUID().slice(0, 8)}`;

/** The conversation of the client and the member (opened in beforeAll); anyone else is told it does not exist. */
const matrixConversation = (callers: Callers) => conversationIdOf(callers.client.account.userId, callers.subscribedProvider.account.userId);
/** The image the client sent in that conversation (a photo made in beforeAll), by conversation. */
const matrixImages = new Map<string, string>();
const matrixImage = (callers: Callers) => ({ conversationId: matrixConversation(callers), imageId: matrixImages.get(matrixConversation(callers)) ?? 'none' });
function participants(status: number): Record<Role, number> {
  return { ...signedIn(404), client: status, subscribedProvider: status };
}
const WRONG_PASSWORD = 'Not-the-password-9';
/** Every provider account, whatever its membership or confirmation. */
const PROVIDERS: readonly Role[] = ['provider', 'subscribedProvider', 'otherProvider', 'unconfirmedProvider'];

const matrix: Record<RouteName, Row> = {
  health: { request: () => ({}), expect: everyone(200) },
  listCategories: { request: () => ({}), expect: everyone(200) },
  signup: {
    request: () => ({
      body: {
        accountType: 'client',
        fullName: 'Matrix Person',
        email: `${unique('matrix')}@example.co.uk`,
        location: 'Leeds',
        password: 'Correct-horse-1',
        confirmPassword: 'Correct-horse-1',
      },
    }),
    expect: everyone(201),
  },
  confirmEmail: { request: () => ({ body: { token: 'not-a-real-token' } }), expect: everyone(400) },
  resendConfirmation: { request: () => ({ body: { email: `${unique('nobody')}@example.co.uk` } }), expect: everyone(202) },
  requestPasswordReset: { request: () => ({ body: { email: `${unique('nobody')}@example.co.uk` } }), expect: everyone(202) },
  confirmPasswordReset: { request: () => ({ body: { token: 'not-a-real-token', password: 'Correct-horse-2' } }), expect: everyone(400) },
  getMe: { request: () => ({}), expect: signedIn(200) },
  searchBusinesses: { request: () => ({ query: { q: 'Pennine' } }), expect: everyone(200) },
  searchLocations: { request: () => ({ query: { q: 'Leeds' } }), expect: everyone(200) },
  getTransparency: { request: () => ({}), expect: everyone(200) },
  updateProfile: { request: () => ({ body: { bio: 'Checked by the authorization matrix.' } }), expect: signedIn(200) },
  updateNotificationSettings: {
    // Clients have Provider Updates and providers Job Alerts: each refuses the other's part.
    request: () => ({ body: { providerUpdates: { enabled: true } } }),
    expect: { ...signedIn(400), client: 200, otherClient: 200, unconfirmedClient: 200 },
  },
  createAvatarUpload: { request: () => ({ body: { contentType: 'image/png', size: 1000 } }), expect: signedIn(201) },
  setAvatar: {
    // An upload key of another user is never linked.
    request: (role, callers) => {
      const owner = role === 'otherClient' ? callers.client : callers.otherClient;
      return { body: { key: `uploads/avatars/${owner.account.userId}/not-yours` } };
    },
    expect: signedIn(403),
  },
  requestEmailChange: {
    // An admin's address is its sign-in name in the admin domain, so it cannot be changed.
    request: () => ({ body: { newEmail: `${unique('new')}@example.co.uk`, currentPassword: WRONG_PASSWORD } }),
    expect: { ...signedIn(400), admin: 403 },
  },
  confirmEmailChange: { request: () => ({ body: { token: 'not-a-real-token' } }), expect: everyone(400) },
  changePassword: {
    request: () => ({ body: { currentPassword: WRONG_PASSWORD, newPassword: 'Correct-horse-2', confirmPassword: 'Correct-horse-2' } }),
    expect: signedIn(400),
  },
  signOutEverywhere: { request: () => ({}), expect: signedIn(200), fresh: true },
  // Ends only the caller's own session (in the analytics' count); the tokens stay valid until they expire.
  signOut: { request: () => ({}), expect: signedIn(200) },
  setupTotp: { request: () => ({ body: { password: WRONG_PASSWORD } }), expect: signedIn(400) },
  enableTotp: { request: () => ({ body: { password: WRONG_PASSWORD, code: '000000' } }), expect: signedIn(400) },
  // Nobody here has 2-step verification on, so there is nothing to turn off.
  disableTotp: { request: () => ({ body: { password: WRONG_PASSWORD, code: '000000' } }), expect: signedIn(409) },
  exportMyData: { request: () => ({}), expect: signedIn(200) },
  // An admin account is removed by another admin (see 'admin accounts' below), so an admin is refused before the password.
  deleteAccount: { request: () => ({ body: { password: WRONG_PASSWORD } }), expect: { ...signedIn(400), admin: 403 } },
  adminSetup: {
    // Open to anyone until the first admin exists (accounts.test.ts covers that); a password too short is
    // refused before the one-time setup is looked at, so this row neither claims it nor depends on who has.
    request: () => ({ body: { username: unique('matrix-admin'), password: 'short', confirmPassword: 'short' } }),
    expect: everyone(400),
  },
  adminOverview: { request: () => ({}), expect: only(['admin'], 200) },
  // The admin console: every other caller is refused whatever it sends. The admin's requests name users and
  // feedback that do not exist (404) or are refused for their body, so the matrix changes nobody.
  adminDashboard: { request: () => ({}), expect: only(['admin'], 200) },
  adminListUsers: { request: () => ({ query: { q: 'matrix', type: 'client' } }), expect: only(['admin'], 200) },
  adminGetUser: { request: (_role, callers) => ({ params: { userId: callers.client.account.userId } }), expect: only(['admin'], 200) },
  adminUpdateUser: {
    request: () => ({ params: { userId: unique('nobody') }, body: { firstName: 'Matrix', lastName: 'Person' } }),
    expect: only(['admin'], 404),
  },
  adminSetUserActive: {
    request: () => ({ params: { userId: unique('nobody') }, body: { active: false, reason: { code: 'spam' } } }),
    expect: only(['admin'], 404),
  },
  adminSetUserVisible: {
    request: () => ({ params: { userId: unique('nobody') }, body: { visible: false, reason: { code: 'spam' } } }),
    expect: only(['admin'], 404),
  },
  adminDeleteUser: { request: () => ({ params: { userId: unique('nobody') }, body: { reason: { code: 'spam' } } }), expect: only(['admin'], 404) },
  // The client was never stopped from messaging: an admin is told there is nothing to lift (409).
  adminAllowMessaging: { request: (_role, callers) => ({ params: { userId: callers.client.account.userId } }), expect: only(['admin'], 409) },
  // A presigned upload stores nothing until the browser uses it.
  adminLogoUpload: { request: () => ({ body: { contentType: 'image/png', size: 1000 } }), expect: only(['admin'], 201) },
  adminCreateProvider: {
    request: () => ({ body: { accountType: 'client', firstName: 'Matrix', lastName: 'Person', businessName: 'Matrix Ltd' } }),
    expect: only(['admin'], 400),
  },
  adminListFeedback: { request: () => ({ query: { status: 'pending' } }), expect: only(['admin'], 200) },
  adminSetFeedbackApproval: {
    request: () => ({ params: { providerId: unique('nobody'), feedbackId: unique('none') }, body: { approved: true } }),
    expect: only(['admin'], 404),
  },
  adminUpdateFeedback: {
    request: () => ({ params: { providerId: unique('nobody'), feedbackId: unique('none') }, body: { rating: 3, title: 'Matrix', reason: { code: 'spam' } } }),
    expect: only(['admin'], 404),
  },
  adminDeleteFeedback: {
    request: () => ({ params: { providerId: unique('nobody'), feedbackId: unique('none') }, body: { reason: { code: 'spam' } } }),
    expect: only(['admin'], 404),
  },
  adminListAudit: { request: () => ({}), expect: only(['admin'], 200) },
  adminAnalytics: { request: () => ({}), expect: only(['admin'], 200) },
  membershipCheckout: {
    // Providers only; one who is a member already is refused. Opening a checkout charges nobody.
    request: () => ({ body: { plan: 'monthly' } }),
    expect: { ...only(['provider', 'otherProvider'], 200), subscribedProvider: 409, unconfirmedProvider: 409 },
  },
  membershipCouponCheck: {
    request: () => ({ body: { couponCode: 'first100' } }),
    expect: { ...only(['provider', 'otherProvider', 'subscribedProvider'], 200), unconfirmedProvider: 403 },
  },
  membershipPortal: {
    // The portal is a member's own: without a Stripe customer there is nothing to manage (fresh accounts:
    // the checkout row gives the shared providers a customer).
    request: () => ({ body: { returnTo: 'account' } }),
    expect: { ...only(['provider', 'otherProvider'], 409), subscribedProvider: 200, unconfirmedProvider: 200 },
    fresh: true,
  },
  membershipCancel: {
    request: () => ({}),
    expect: { ...only(['provider', 'otherProvider'], 409), subscribedProvider: 200, unconfirmedProvider: 200 },
    fresh: true,
  },
  searchProviders: { request: () => ({ query: { location: 'Leeds', radius: '10' } }), expect: everyone(200) },
  listSavedProviders: { request: () => ({}), expect: signedIn(200) },
  saveProvider: {
    // Anyone signed in may save a listed professional (the member of this matrix is one).
    request: (_role, callers) => ({ params: { providerId: callers.subscribedProvider.account.userId } }),
    expect: signedIn(200),
  },
  unsaveProvider: {
    request: (_role, callers) => ({ params: { providerId: callers.subscribedProvider.account.userId } }),
    expect: signedIn(200),
  },
  // Portfolio: editing needs a running membership, reading your own or deleting does not.
  createPortfolioUploads: {
    request: () => ({ body: { files: [{ name: 'matrix.png', type: 'image/png', size: 1000 }] } }),
    expect: only(['subscribedProvider', 'unconfirmedProvider'], 201),
  },
  listMyPortfolio: { request: () => ({}), expect: only(['provider', 'subscribedProvider', 'otherProvider', 'unconfirmedProvider'], 200) },
  createPortfolioItem: {
    // Nothing was uploaded under this id, so a member gets the upload failure and nothing is stored.
    request: () => ({ body: { title: 'Matrix item', media: [{ uploadId: 'never-uploaded', filename: 'matrix.png' }] } }),
    expect: only(['subscribedProvider', 'unconfirmedProvider'], 400),
  },
  updatePortfolioItem: {
    request: () => ({ params: { itemId: 'no-such-item' }, body: { title: 'Matrix item', media: [{ uploadId: 'never-uploaded', filename: 'matrix.png' }] } }),
    expect: only(['subscribedProvider', 'unconfirmedProvider'], 404),
  },
  reorderPortfolio: { request: () => ({ body: { itemIds: [] } }), expect: only(['subscribedProvider', 'unconfirmedProvider'], 200) },
  deletePortfolioItem: {
    request: () => ({ params: { itemId: 'no-such-item' } }),
    expect: only(['provider', 'subscribedProvider', 'otherProvider', 'unconfirmedProvider'], 404),
  },
  getProviderPortfolio: {
    // The member of this matrix is listed; portfolio.test.ts covers the unlisted.
    request: (_role, callers) => ({ params: { providerId: callers.subscribedProvider.account.userId } }),
    expect: everyone(200),
  },
  // Credentials: providers keep their own (the ids named here are no one's, so nothing is stored); admins check them
  // and edit the schemes; a listed provider's checked ones are public (credentials.test.ts covers the successes).
  getCredentialOptions: { request: () => ({}), expect: everyone(200) },
  getProviderCredentials: { request: (_role, callers) => ({ params: { providerId: callers.subscribedProvider.account.userId } }), expect: everyone(200) },
  listMyCredentials: { request: () => ({}), expect: only(PROVIDERS, 200) },
  createCredential: {
    request: () => ({ body: { type: 'insurance', optionId: 'no-such-kind', insurer: 'Matrix', coverPounds: 1000, expiresOn: '2099-01-01' } }),
    expect: only(PROVIDERS, 400),
  },
  updateCredential: {
    request: () => ({ params: { credentialId: unique('none') }, body: { type: 'dbs', optionId: 'dbs-basic', issuedOn: '2020-01-01' } }),
    expect: only(PROVIDERS, 404),
  },
  deleteCredential: { request: () => ({ params: { credentialId: unique('none') } }), expect: only(PROVIDERS, 404) },
  createEvidenceUpload: {
    request: () => ({ params: { credentialId: unique('none') }, body: { name: 'matrix.pdf', type: 'application/pdf', size: 1000 } }),
    expect: only(PROVIDERS, 404),
  },
  attachEvidence: { request: () => ({ params: { credentialId: unique('none') }, body: { uploadId: 'never-uploaded' } }), expect: only(PROVIDERS, 404) },
  getMyEvidence: { request: () => ({ params: { credentialId: unique('none') } }), expect: only(PROVIDERS, 404) },
  adminCredentialQueue: { request: () => ({}), expect: only(['admin'], 200) },
  adminCredentialEvidence: {
    request: (_role, callers) => ({ params: { providerId: callers.provider.account.userId, credentialId: unique('none') } }),
    expect: only(['admin'], 404),
  },
  decideCredential: {
    request: (_role, callers) => ({ params: { providerId: callers.provider.account.userId, credentialId: unique('none') }, body: { decision: 'verify' } }),
    expect: only(['admin'], 404),
  },
  adminCredentialOptions: { request: () => ({}), expect: only(['admin'], 200) },
  createCredentialOption: { request: () => ({ body: { type: 'registration', name: '' } }), expect: only(['admin'], 400) },
  renameCredentialOption: { request: () => ({ params: { optionId: unique('none') }, body: { name: 'Matrix' } }), expect: only(['admin'], 404) },
  removeCredentialOption: { request: () => ({ params: { optionId: unique('none') } }), expect: only(['admin'], 404) },
  // Feedback: clients leave it on listed providers; nobody here has feedback to change or delete, and no
  // feedback has the id the reply row names (feedback.test.ts covers the owners' successes).
  listProviderFeedback: {
    request: (_role, callers) => ({ params: { providerId: callers.subscribedProvider.account.userId } }),
    expect: everyone(200),
  },
  listMyProviderFeedback: { request: () => ({}), expect: only(['provider', 'subscribedProvider', 'otherProvider', 'unconfirmedProvider'], 200) },
  getMyFeedbackFor: {
    request: (_role, callers) => ({ params: { providerId: callers.provider.account.userId } }),
    expect: signedIn(404),
  },
  createFeedback: {
    // Each client leaves one on the listed member, once: the matrix's callers are its own.
    request: (_role, callers) => ({
      params: { providerId: callers.subscribedProvider.account.userId },
      body: { rating: 5, title: 'Checked by the authorization matrix' },
    }),
    expect: { ...only(['client', 'otherClient'], 201), unconfirmedClient: 403 },
  },
  updateMyFeedback: {
    request: (_role, callers) => ({ params: { providerId: callers.provider.account.userId }, body: { rating: 4, title: 'Edited by the matrix' } }),
    // Editing publishes anew: an unconfirmed address is refused before there is anything to find.
    expect: { ...signedIn(404), unconfirmedClient: 403, unconfirmedProvider: 403 },
  },
  deleteMyFeedback: {
    request: (_role, callers) => ({ params: { providerId: callers.provider.account.userId } }),
    expect: signedIn(404),
  },
  replyToFeedback: {
    request: (_role, callers) => ({
      params: { providerId: callers.subscribedProvider.account.userId, feedbackId: 'no-such-feedback' },
      body: { text: 'Thanks' },
    }),
    expect: { ...only(['provider', 'subscribedProvider', 'otherProvider'], 404), unconfirmedProvider: 403 },
  },
  // Provider page: anyone reads a listed provider (the member of this matrix); each provider their own page.
  getProvider: {
    request: (_role, callers) => ({ params: { providerId: callers.subscribedProvider.account.userId } }),
    expect: everyone(200),
  },
  getMyProviderPage: { request: () => ({}), expect: only(['provider', 'subscribedProvider', 'otherProvider', 'unconfirmedProvider'], 200) },
  stripeWebhook: {
    // Public, for Stripe; anything without Stripe's signature is refused before it is read.
    request: () => ({ body: { id: 'evt_matrix', type: 'customer.subscription.deleted', data: { object: { customer: 'cus_any' } } } }),
    expect: everyone(400),
  },
  // Jobs: no row here names a real job (jobs.test.ts covers the owners' and revealers' successes).
  createJob: {
    request: () => ({
      body: {
        title: 'Matrix job',
        description: 'Posted by the authorization matrix.',
        contactEmail: 'matrix@example.co.uk',
        categories: ['Home Services'],
        location: 'Leeds',
      },
    }),
    expect: { ...only(['client', 'otherClient'], 201), unconfirmedClient: 403 },
  },
  listJobs: { request: () => ({ query: { budgetType: 'any' } }), expect: everyone(200) },
  getJob: { request: () => ({ params: { jobId: 'no-such-job' } }), expect: everyone(404) },
  listJobBoardForMe: { request: () => ({}), expect: signedIn(200) },
  getJobForMe: { request: () => ({ params: { jobId: 'no-such-job' } }), expect: signedIn(404) },
  deleteJob: { request: () => ({ params: { jobId: 'no-such-job' } }), expect: only(['client', 'otherClient', 'unconfirmedClient'], 404) },
  revealJob: { request: () => ({ params: { jobId: 'no-such-job' } }), expect: { ...only(['subscribedProvider'], 404), unconfirmedProvider: 403 } },
  listSavedJobs: { request: () => ({}), expect: only(['provider', 'subscribedProvider', 'otherProvider', 'unconfirmedProvider'], 200) },
  saveJob: {
    request: () => ({ params: { jobId: 'no-such-job' } }),
    expect: only(['provider', 'subscribedProvider', 'otherProvider', 'unconfirmedProvider'], 404),
  },
  unsaveJob: {
    request: () => ({ params: { jobId: 'no-such-job' } }),
    expect: only(['provider', 'subscribedProvider', 'otherProvider', 'unconfirmedProvider'], 200),
  },
  listMyJobs: { request: () => ({}), expect: only(['client', 'otherClient', 'unconfirmedClient'], 200) },
  updateJobRevealCap: {
    request: () => ({ params: { jobId: 'no-such-job' }, body: { revealCap: 3 } }),
    expect: only(['client', 'otherClient', 'unconfirmedClient'], 404),
  },
  // Job alerts: the link works signed out; job-alerts.test.ts covers a real token.
  unsubscribeJobAlerts: { request: () => ({ body: { token: 'not-a-real-token' } }), expect: everyone(400) },
  oneClickUnsubscribeJobAlerts: { request: () => ({ query: { token: 'not-a-real-token' } }), expect: everyone(400) },
  unsubscribeProviderUpdates: { request: () => ({ body: { token: 'not-a-real-token' } }), expect: everyone(400) },
  oneClickUnsubscribeProviderUpdates: { request: () => ({ query: { token: 'not-a-real-token' } }), expect: everyone(400) },
  unsubscribeMessageMails: { request: () => ({ body: { token: 'not-a-real-token' } }), expect: everyone(400) },
  oneClickUnsubscribeMessageMails: { request: () => ({ query: { token: 'not-a-real-token' } }), expect: everyone(400) },
  // Public: anyone may look at a business's claim page and ask to claim it; an unknown business is 404 for all.
  getClaimable: { request: () => ({ params: { businessId: unique('no-business') } }), expect: everyone(404) },
  claimBusiness: {
    request: () => ({ params: { businessId: unique('no-business') }, body: { fullName: 'Matrix Claimant', email: `${unique('claim')}@example.co.uk` } }),
    expect: everyone(404),
  },
  // The claim mail's links: whoever holds the link may read, finish or cancel it; an unknown link is refused for all.
  inspectClaimLink: { request: () => ({ body: { token: 'not-a-real-token' } }), expect: everyone(400) },
  completeClaim: {
    request: () => ({ body: { token: 'not-a-real-token', password: 'Correct-horse-1', confirmPassword: 'Correct-horse-1' } }),
    expect: everyone(400),
  },
  cancelClaim: { request: () => ({ body: { token: 'not-a-real-token' } }), expect: everyone(400) },
  // Finishing for one's own account: a provider whose address is confirmed (a business belongs to a provider).
  completeClaimSignedIn: {
    request: () => ({ body: { token: 'not-a-real-token' } }),
    expect: { ...only(['provider', 'subscribedProvider', 'otherProvider'], 400), unconfirmedProvider: 403 },
  },
  adminListClaims: { request: () => ({}), expect: only(['admin'], 200) },
  adminDecideClaim: { request: () => ({ params: { businessId: unique('no-business') }, body: { decision: 'approve' } }), expect: only(['admin'], 404) },
  // Every signed-in person reads their own claims (none, for the matrix's accounts).
  listMyClaims: { request: () => ({}), expect: signedIn(200) },
  // The categories screen: the admin's writes name categories and groups that do not exist, or are refused for their body.
  adminListCategories: { request: () => ({}), expect: only(['admin'], 200) },
  adminCreateCategory: { request: () => ({ body: { name: '', groupId: '' } }), expect: only(['admin'], 400) },
  adminUpdateCategory: {
    request: () => ({ params: { categoryId: unique('none') }, body: { name: 'Matrix', groupId: 'construction-trade' } }),
    expect: only(['admin'], 404),
  },
  adminDeleteCategory: { request: () => ({ params: { categoryId: unique('none') } }), expect: only(['admin'], 404) },
  adminContinueCategoryProviders: { request: () => ({ params: { categoryId: unique('none') } }), expect: only(['admin'], 404) },
  adminCategoryStatistics: { request: () => ({ params: { categoryId: unique('none') } }), expect: only(['admin'], 404) },
  adminReorderCategories: { request: () => ({ params: { groupId: unique('none') }, body: { categoryIds: ['plumber'] } }), expect: only(['admin'], 404) },
  // Messages: only the two people of a conversation read or write it (others are told it does not exist); the
  // conversation of the client and the member is opened in beforeAll. Providers start one from a revealed job only.
  listConversations: { request: () => ({}), expect: signedIn(200) },
  getUnreadMessages: { request: () => ({}), expect: signedIn(200) },
  startConversation: {
    request: (_role, callers) => ({
      body: { providerId: callers.subscribedProvider.account.userId, messageId: randomUUID(), text: 'Checked by the authorization matrix.' },
    }),
    expect: { ...signedIn(403), client: 201, otherClient: 201 },
  },
  getConversation: { request: (_role, callers) => ({ params: { conversationId: matrixConversation(callers) } }), expect: participants(200) },
  sendMessage: {
    request: (_role, callers) => ({
      params: { conversationId: matrixConversation(callers) },
      body: { messageId: randomUUID(), text: 'Checked by the authorization matrix.' },
    }),
    expect: { ...participants(201), admin: 403, unconfirmedClient: 403, unconfirmedProvider: 403 },
  },
  markConversationRead: { request: (_role, callers) => ({ params: { conversationId: matrixConversation(callers) } }), expect: participants(200) },
  // Images: either participant may upload (admins are no participants); only the uploader has their image
  // checked; both read a sent one; anyone else is told the conversation does not exist.
  createMessageImageUpload: {
    // Only someone who could send the image may upload it: an unconfirmed address is refused as for sending.
    request: (_role, callers) => ({ params: { conversationId: matrixConversation(callers) }, body: { name: 'matrix.png', type: 'image/png', size: 100 } }),
    expect: { ...participants(201), admin: 403, unconfirmedClient: 403, unconfirmedProvider: 403 },
  },
  checkMessageImage: { request: (_role, callers) => ({ params: matrixImage(callers) }), expect: { ...signedIn(404), client: 200, admin: 403 } },
  getMessageImage: { request: (_role, callers) => ({ params: matrixImage(callers), query: { size: 'thumb' } }), expect: participants(200) },
  setConversationBlocked: {
    request: (_role, callers) => ({ params: { conversationId: matrixConversation(callers) }, body: { blocked: false } }),
    expect: participants(200),
  },
  adminListBusinesses: { request: () => ({}), expect: only(['admin'], 200) },
  // Reporting: only the two people of the conversation report it (each once while open); the admin's queue is the admin's.
  reportConversation: {
    request: (_role, callers) => ({
      params: { conversationId: matrixConversation(callers) },
      body: { reason: 'spam', note: 'Checked by the authorization matrix.' },
    }),
    // An admin is in no conversation: refused as for sending.
    expect: { ...participants(201), admin: 403 },
  },
  adminListReports: { request: () => ({}), expect: only(['admin'], 200) },
  adminResolveReport: { request: () => ({ params: { reportId: unique('none') }, body: { action: 'dismiss' } }), expect: only(['admin'], 404) },
};

const profiles = createTableStore(documents, stack.tableName).entities.profile;

async function makeCallers(): Promise<Callers> {
  const [client, otherClient, provider, subscribedProvider, otherProvider, admin, deactivated, unconfirmedClient, unconfirmedProvider] = await Promise.all([
    createTestAccount('client'),
    createTestAccount('client'),
    createTestAccount('provider'),
    createTestAccount('provider'),
    createTestAccount('provider'),
    createTestAccount('admin'),
    createTestAccount('client'),
    createTestAccount('client', { emailConfirmed: false }),
    createTestAccount('provider', { emailConfirmed: false }),
  ]);
  // Real memberships, bought through checkout and Stripe's webhooks (a paid one needs no confirmed address);
  // deactivation is set in the table directly (the admin route's own steps are covered by the admin tests).
  await Promise.all([subscribeAccount(subscribedProvider, 'monthly'), subscribeAccount(unconfirmedProvider, 'monthly')]);
  await profiles.patch({ userId: deactivated.userId }).set({ isActive: false }).go();
  const accounts = { client, otherClient, provider, subscribedProvider, otherProvider, admin, deactivated, unconfirmedClient, unconfirmedProvider };
  const entries = await Promise.all(
    Object.entries(accounts).map(
      async ([role, account]) => [role, { account, token: (await signInTokens(account.email, account.password)).accessToken }] as const,
    ),
  );
  const callers = Object.fromEntries(entries) as Callers;
  // The client's conversation with the member, which the message rows name.
  const opened = await send('POST', urlOf('/api/conversations', {}), callers.client.token, {
    providerId: subscribedProvider.userId,
    messageId: randomUUID(),
    text: 'Hello from the matrix.',
  });
  if (opened.status !== 201) throw new Error(`The matrix conversation was not opened: ${opened.status}`);
  await sendMatrixImage(callers);
  return callers;
}

/** The client uploads a photo to the matrix conversation as the browser does, has it checked and sends it. */
async function sendMatrixImage(callers: Callers) {
  const conversationId = matrixConversation(callers);
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#2e86c1' } })
    .png()
    .toBuffer();
  const conversationPath = (suffix: string, params: Record<string, string> = {}) =>
    urlOf(`/api/conversations/{conversationId}/images${suffix}`, { params: { conversationId, ...params } });
  const grant = await send('POST', conversationPath(''), callers.client.token, { name: 'matrix.png', type: 'image/png', size: png.length });
  const { url, fields, imageId } = grant.body as { url: string; fields: Record<string, string>; imageId: string };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }));
  const uploaded = await fetch(url, { method: 'POST', body: form });
  if (!uploaded.ok) throw new Error(`The matrix image was not uploaded: ${uploaded.status}`);
  const checked = await send('POST', conversationPath('/{imageId}', { imageId }), callers.client.token, undefined);
  if (checked.status !== 200) throw new Error(`The matrix image was not checked: ${checked.status}`);
  const sent = await send('POST', urlOf('/api/conversations/{conversationId}/messages', { params: { conversationId } }), callers.client.token, {
    messageId: randomUUID(),
    text: '',
    imageIds: [imageId],
  });
  if (sent.status !== 201) throw new Error(`The matrix image was not sent: ${sent.status}`);
  matrixImages.set(conversationId, imageId);
}

async function send(method: string, url: string, token: string | undefined, body: unknown) {
  const response = await fetch(url, {
    method,
    headers: {
      'content-type': 'application/json',
      // Its own client address per request: the sign-up limit per address stays out of the way.
      'x-forwarded-for': `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  // A file (an image's bytes) is not read as JSON.
  const text = response.headers.get('content-type')?.includes('json') === false ? '' : await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined, headers: response.headers };
}

function urlOf(path: string, request: Request): string {
  const url = new URL(`${stack.apiBaseUrl.replace(/\/api$/, '')}${buildPath(path as `/api/${string}`, request.params)}`);
  for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, value);
  return url.href;
}

let shared: Callers;
beforeAll(async () => {
  shared = await makeCallers();
}, 60_000);

describe('authorization matrix', () => {
  it('has a row for every route of the table, and none for a route that does not exist', () => {
    expect(Object.keys(matrix).sort()).toEqual(routeList.map((route) => route.name).sort());
  });

  it.each(routeList.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s answers each kind of caller as its row says',
    async (_key, route) => {
      const row = matrix[route.name];
      const callers = row.fresh ? await makeCallers() : shared;
      const seen: Partial<Record<Role, number>> = {};
      for (const role of ROLES) {
        const request = row.request(role, callers);
        const token = role === 'anonymous' ? undefined : callers[role].token;
        seen[role] = (await send(route.method, urlOf(route.path, request), token, request.body)).status;
      }
      expect(seen).toEqual(row.expect);
    },
  );
});

describe('admin accounts', () => {
  const deletion = (userId: string) => urlOf('/api/admin/users/{userId}/deletion', { params: { userId } });
  const reason = { reason: { code: 'other', note: 'Checked by the authorization matrix' } };

  it('are removed only by another admin, with a reason; never by themselves, by either route', async () => {
    const [boss, deputy] = await Promise.all([createTestAccount('admin'), createTestAccount('admin')]);
    const [bossToken, deputyToken] = await Promise.all(
      [boss, deputy].map(async (account) => (await signInTokens(account.email, account.password)).accessToken),
    );

    const own = await send('POST', urlOf('/api/me/deletion', {}), deputyToken, { password: deputy.password });
    expect(own.status).toBe(403);
    expect(apiErrorBodySchema.parse(own.body).error.message).toBe(SECURITY_MESSAGES.adminCannotDeleteSelf);
    const self = await send('POST', deletion(deputy.userId), deputyToken, reason);
    expect(self.status).toBe(409);
    expect(apiErrorBodySchema.parse(self.body).error.message).toBe(ADMIN_CONSOLE_MESSAGES.users.notOnYourself);
    // Without a reason, refused for it.
    expect((await send('POST', deletion(deputy.userId), bossToken, {})).status).toBe(400);

    expect(await send('POST', deletion(deputy.userId), bossToken, reason)).toMatchObject({ status: 200, body: { userId: deputy.userId, deleted: true } });
    // The removed admin's session ends with the account.
    expect((await send('GET', urlOf('/api/admin/overview', {}), deputyToken, undefined)).status).toBe(401);
    expect((await send('GET', urlOf('/api/admin/overview', {}), bossToken, undefined)).status).toBe(200);
  });
});

describe('routes that act on others', () => {
  const gated = routeList.filter((route) => route.confirmedEmail);
  it.each(gated.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s tells an unconfirmed account to confirm its address first',
    async (_key, route) => {
      const role = route.access === 'client' ? 'unconfirmedClient' : 'unconfirmedProvider';
      const request = matrix[route.name].request(role, shared);
      const answer = await send(route.method, urlOf(route.path, request), shared[role].token, request.body);
      expect(answer.status).toBe(403);
      expect(apiErrorBodySchema.parse(answer.body).error).toEqual({ code: 'EMAIL_NOT_CONFIRMED', message: MESSAGES.emailConfirmationRequired });
    },
  );

  it('include posting, feedback, replies, reveals, messages and their images, the FIRST100 check and claiming a business for an account', () => {
    expect(
      routeList
        .filter((route) => route.confirmedEmail)
        .map((route) => route.name)
        .sort(),
    ).toEqual(
      [
        'completeClaimSignedIn',
        'createFeedback',
        'createJob',
        'createMessageImageUpload',
        'membershipCouponCheck',
        'replyToFeedback',
        'revealJob',
        'sendMessage',
        'startConversation',
        'updateMyFeedback',
      ].sort(),
    );
  });
});

describe('every write route refuses fields it does not take', () => {
  // A raw-body route (Stripe's webhook) takes any body; its signature decides, covered by its own tests.
  const writes = routeList.filter((route) => route.method !== 'GET' && !route.rawBody);
  it.each(writes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    "%s answers 400 naming another user's id sent in the body, and stores nothing",
    async (_key, route) => {
      const row = matrix[route.name];
      // A caller the route lets through, so the refusal is the body's, not the access check's.
      const role =
        ROLES.find((candidate) => row.expect[candidate] < 400) ??
        // Or one refused for what it asked (400, 404, 409), not for who it is.
        ROLES.find((candidate) => row.expect[candidate] !== 401 && row.expect[candidate] !== 403) ??
        (route.access === 'public' ? 'anonymous' : 'client');
      const request = row.request(role, shared);
      const body = { ...((request.body as object | undefined) ?? {}), userId: shared.otherClient.account.userId };
      const before = await profiles.get({ userId: shared.otherClient.account.userId }).go();
      const answer = await send(route.method, urlOf(route.path, request), role === 'anonymous' ? undefined : shared[role].token, body);
      expect(answer.status).toBe(400);
      expect(apiErrorBodySchema.parse(answer.body).error.fields).toMatchObject({ 'body.userId': MESSAGES.api.unknownField('userId') });
      expect(await profiles.get({ userId: shared.otherClient.account.userId }).go()).toEqual(before);
    },
  );
});

describe('methods a path does not have', () => {
  const paths = [...new Set(routeList.map((route) => route.path))];
  it.each(paths)('%s answers 405 with Allow for any other method', async (path) => {
    const methods = routeList.filter((route) => route.path === path).map((route) => route.method);
    const other = (['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const).find((method) => !methods.includes(method))!;
    const params = Object.fromEntries([...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name!, 'x']));
    const answer = await send(other, urlOf(path, { params }), shared.client.token, undefined);
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')?.split(/,\s*/).sort()).toEqual([...methods].sort());
    expect(apiErrorBodySchema.parse(answer.body).error.code).toBe('METHOD_NOT_ALLOWED');
  });
});
