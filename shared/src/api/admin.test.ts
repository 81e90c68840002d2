import { describe, expect, it } from 'vitest';
import { adminCreateProviderSchema, adminFeedbackApprovalSchema, adminUserActiveSchema, adminUserUpdateSchema } from './admin';
import { ADMIN_CONSOLE_MESSAGES } from './admin-messages';
import { adminConsoleRouteList } from './admin-routes';
import { routeList } from './routes';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('the admin console routes', () => {
  it('are admin-only routes of the admin area under /api/admin, each in the route table once', () => {
    for (const route of adminConsoleRouteList) {
      expect(route, route.name).toMatchObject({ area: 'admin', access: 'admin' });
      expect(route.path.startsWith('/api/admin/'), route.name).toBe(true);
      expect(
        routeList.filter((existing) => existing.method === route.method && existing.path === route.path).map((existing) => existing.name),
        route.name,
      ).toEqual([route.name]);
    }
  });

  it.each(adminConsoleRouteList.filter((route) => route.body).map((route) => [route.name, route] as const))(
    '%s takes only the fields it names',
    (_name, route) => {
      const result = route.body!.safeParse({ someoneElsesUserId: 'u-2' });
      expect(result.success).toBe(false);
      expect(result.error?.issues.some((issue) => issue.code === 'unrecognized_keys')).toBe(true);
    },
  );
});

describe('reasons', () => {
  it('are required to deactivate, hide or unpublish, not to lift the restriction', () => {
    expect(messages(adminUserActiveSchema.safeParse({ active: false }))).toEqual({ 'reason.code': ADMIN_CONSOLE_MESSAGES.reasonRequired });
    expect(adminUserActiveSchema.safeParse({ active: true }).success).toBe(true);
    expect(adminFeedbackApprovalSchema.safeParse({ approved: true }).success).toBe(true);
    expect(adminFeedbackApprovalSchema.safeParse({ approved: false, reason: { code: 'spam' } }).success).toBe(true);
  });

  it('"Other" needs its own words, and the words have a limit', () => {
    expect(messages(adminUserActiveSchema.safeParse({ active: false, reason: { code: 'other', note: '  ' } }))).toEqual({
      'reason.note': ADMIN_CONSOLE_MESSAGES.reasonNoteRequired,
    });
    expect(messages(adminUserActiveSchema.safeParse({ active: false, reason: { code: 'spam', note: 'x'.repeat(501) } }))).toEqual({
      'reason.note': ADMIN_CONSOLE_MESSAGES.reasonNoteTooLong,
    });
    expect(messages(adminUserActiveSchema.safeParse({ active: false, reason: { code: 'whim' } }))).toEqual({
      'reason.code': ADMIN_CONSOLE_MESSAGES.reasonRequired,
    });
  });
});

describe('the admin forms', () => {
  it('edit-user requires both names', () => {
    expect(messages(adminUserUpdateSchema.safeParse({ firstName: ' ', lastName: 'Jones' }))).toEqual({ firstName: ADMIN_CONSOLE_MESSAGES.users.namesRequired });
  });

  it("create-provider gives the product's messages and refuses clients with the notice", () => {
    expect(messages(adminCreateProviderSchema.safeParse({ firstName: 'Ann', lastName: 'Lee' }))).toEqual({
      businessName: ADMIN_CONSOLE_MESSAGES.createProvider.businessNameRequired,
    });
    expect(messages(adminCreateProviderSchema.safeParse({ lastName: 'Lee', businessName: 'Lee Ltd' }))).toEqual({
      firstName: ADMIN_CONSOLE_MESSAGES.users.namesRequired,
    });
    expect(messages(adminCreateProviderSchema.safeParse({ accountType: 'client', firstName: 'Ann', lastName: 'Lee' }))).toEqual({
      accountType: ADMIN_CONSOLE_MESSAGES.createProvider.clientCreation.description,
    });
    const made = adminCreateProviderSchema.parse({
      firstName: 'Ann',
      lastName: 'Lee',
      businessName: 'Lee Plumbing',
      websiteUrl: 'leeplumbing.co.uk',
      categories: ['Construction/Trade > Plumber'],
    });
    expect(made).toMatchObject({ accountType: 'provider', websiteUrl: 'https://leeplumbing.co.uk' });
  });
});
