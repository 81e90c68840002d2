import type { AdminAuditEntry, AdminFeedbackEntry, AdminUserRecord, AdminUserSummary } from '@solutionz/shared';
import { createFakeAuth, fakeAccount } from '@/testing/fake-auth';

/** The app signed in as an admin, as the admin screens' tests start. */
export const signedInAdmin = () =>
  createFakeAuth({
    signedInAs: fakeAccount({ userId: 'admin-1', accountType: 'admin', email: 'head.office@admin.solutionz.test', firstName: 'Head', lastName: 'Office' }),
  });

export function adminUser(overrides: Partial<AdminUserRecord> = {}): AdminUserRecord {
  return {
    userId: 'user-1',
    firstName: 'Priya',
    lastName: 'Shah',
    email: 'priya@example.com',
    accountType: 'provider',
    businessName: 'Shah Plumbing',
    categories: ['Construction/Trade > Plumber'],
    isActive: true,
    isVisible: true,
    listing: 'membership',
    unclaimedBusiness: false,
    createdAt: '2026-11-01T09:00:00.000Z',
    bio: 'Boilers and bathrooms.',
    avatarUrl: null,
    location: 'Leeds',
    phoneNumber: '07700 900123',
    updatedAt: null,
    messagingBan: null,
    ...overrides,
  };
}

export const summaryOf = (user: AdminUserRecord): AdminUserSummary => {
  const { bio: _bio, avatarUrl: _avatar, location: _location, phoneNumber: _phone, updatedAt: _updated, ...summary } = user;
  return summary;
};

export function adminFeedback(overrides: Partial<AdminFeedbackEntry> = {}): AdminFeedbackEntry {
  return {
    id: 'fb-1',
    providerId: 'user-1',
    providerName: 'Priya Shah',
    businessName: 'Shah Plumbing',
    rating: 4,
    title: 'Fixed the boiler',
    description: 'Came the same day.',
    authorName: 'Chloe Clarke',
    createdAt: '2026-11-20T10:00:00.000Z',
    approved: true,
    verifiedJob: false,
    ...overrides,
  };
}

export function auditEntry(overrides: Partial<AdminAuditEntry> = {}): AdminAuditEntry {
  return {
    id: 'audit-1',
    at: new Date(Date.now() - 3 * 3_600_000).toISOString(),
    actor: { id: 'admin-1', name: 'Head Office' },
    action: 'user.hide',
    target: { kind: 'user', id: 'user-1', label: 'Shah Plumbing' },
    before: { isVisible: true },
    after: { isVisible: false },
    reason: { code: 'misleading', note: 'Claims a Gas Safe number it does not hold' },
    state: 'completed',
    ...overrides,
  };
}
