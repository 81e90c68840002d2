import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminConsoleRoutes,
  adminReportRoutes,
  type AdminConsoleRoutes,
  type AdminCreateProviderInput,
  type AdminFeedbackEntry,
  type AdminFeedbackFilter,
  type AdminReason,
  type AdminReportAction,
  type AdminUserFilter,
  claimRoutes,
  type RouteBody,
} from '@solutionz/shared';
import { apiRequest } from '@/lib/api-client';
import { uploadWithPresignedPost } from '@/lib/presigned-upload';

/** Every admin query starts with this key, so an action refreshes what it may have changed. */
const ADMIN_KEY = ['admin'] as const;
const keys = {
  dashboard: [...ADMIN_KEY, 'dashboard'] as const,
  users: (q: string, type: AdminUserFilter, cursor: string | undefined) => [...ADMIN_KEY, 'users', { q, type, cursor }] as const,
  user: (userId: string) => [...ADMIN_KEY, 'user', userId] as const,
  feedback: (status: AdminFeedbackFilter, cursor: string | undefined) => [...ADMIN_KEY, 'feedback', { status, cursor }] as const,
  audit: (targetId: string) => [...ADMIN_KEY, 'audit', targetId] as const,
  analytics: [...ADMIN_KEY, 'analytics'] as const,
};

export function useAdminDashboard() {
  return useQuery({ queryKey: keys.dashboard, queryFn: ({ signal }) => apiRequest(adminConsoleRoutes.adminDashboard, { signal }) });
}

export function useAdminUsers(q: string, type: AdminUserFilter, cursor: string | undefined) {
  return useQuery({
    queryKey: keys.users(q, type, cursor),
    queryFn: ({ signal }) => apiRequest(adminConsoleRoutes.adminListUsers, { query: { q: q || undefined, type, cursor }, signal }),
    // The table keeps its rows while the next page or a new search loads, so it does not jump.
    placeholderData: keepPreviousData,
  });
}

export function useAdminUser(userId: string | undefined) {
  return useQuery({
    queryKey: keys.user(userId ?? ''),
    queryFn: ({ signal }) => apiRequest(adminConsoleRoutes.adminGetUser, { params: { userId: userId! }, signal }),
    enabled: Boolean(userId),
  });
}

/** The newest page of the audit trail about one user or feedback. */
export function useAdminAudit(targetId: string) {
  return useQuery({ queryKey: keys.audit(targetId), queryFn: ({ signal }) => apiRequest(adminConsoleRoutes.adminListAudit, { query: { targetId }, signal }) });
}

export function useAdminFeedback(status: AdminFeedbackFilter, cursor: string | undefined) {
  return useQuery({
    queryKey: keys.feedback(status, cursor),
    queryFn: ({ signal }) => apiRequest(adminConsoleRoutes.adminListFeedback, { query: { status, cursor }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** A mutation after which every admin screen reads afresh: counters, lists and the activity panel all follow one action. */
function useAdminMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_KEY }) });
}

type Body<N extends keyof AdminConsoleRoutes> = RouteBody<AdminConsoleRoutes[N]>;

export function useUpdateUser() {
  return useAdminMutation(({ userId, body }: { userId: string; body: Body<'adminUpdateUser'> }) =>
    apiRequest(adminConsoleRoutes.adminUpdateUser, { params: { userId }, body }),
  );
}

export function useSetUserActive() {
  return useAdminMutation(({ userId, active, reason }: { userId: string; active: boolean; reason?: AdminReason }) =>
    apiRequest(adminConsoleRoutes.adminSetUserActive, { params: { userId }, body: { active, ...(reason ? { reason } : {}) } }),
  );
}

export function useSetUserVisible() {
  return useAdminMutation(({ userId, visible, reason }: { userId: string; visible: boolean; reason?: AdminReason }) =>
    apiRequest(adminConsoleRoutes.adminSetUserVisible, { params: { userId }, body: { visible, ...(reason ? { reason } : {}) } }),
  );
}

export function useDeleteUser() {
  return useAdminMutation(({ userId, reason }: { userId: string; reason: AdminReason }) =>
    apiRequest(adminConsoleRoutes.adminDeleteUser, { params: { userId }, body: { reason } }),
  );
}

/** Lifts the messaging ban an admin put on the person after a report. */
export function useAllowMessaging() {
  return useAdminMutation((userId: string) => apiRequest(adminConsoleRoutes.adminAllowMessaging, { params: { userId } }));
}

/** Uploads the logo (when one is chosen) through the presigned POST of the logos bucket, then creates the provider with its key. */
export function useCreateProvider() {
  return useAdminMutation(async ({ input, logo }: { input: AdminCreateProviderInput; logo?: File }) => {
    let logoKey: string | undefined;
    if (logo) {
      const upload = await apiRequest(adminConsoleRoutes.adminLogoUpload, { body: { contentType: logo.type as 'image/png' | 'image/jpeg', size: logo.size } });
      await uploadWithPresignedPost(upload, logo);
      logoKey = upload.key;
    }
    const body = { ...input, ...(logoKey ? { logoKey } : {}) } as Body<'adminCreateProvider'>;
    return apiRequest(adminConsoleRoutes.adminCreateProvider, { body });
  });
}

const feedbackParams = (entry: Pick<AdminFeedbackEntry, 'id' | 'providerId'>) => ({ providerId: entry.providerId, feedbackId: entry.id });

export function useSetFeedbackApproval() {
  return useAdminMutation(({ entry, approved, reason }: { entry: AdminFeedbackEntry; approved: boolean; reason?: AdminReason }) =>
    apiRequest(adminConsoleRoutes.adminSetFeedbackApproval, { params: feedbackParams(entry), body: { approved, ...(reason ? { reason } : {}) } }),
  );
}

export function useUpdateFeedback() {
  return useAdminMutation(({ entry, body }: { entry: AdminFeedbackEntry; body: Body<'adminUpdateFeedback'> }) =>
    apiRequest(adminConsoleRoutes.adminUpdateFeedback, { params: feedbackParams(entry), body }),
  );
}

export function useDeleteFeedback() {
  return useAdminMutation(({ entry, reason }: { entry: AdminFeedbackEntry; reason: AdminReason }) =>
    apiRequest(adminConsoleRoutes.adminDeleteFeedback, { params: feedbackParams(entry), body: { reason } }),
  );
}

export function useAdminAnalytics() {
  return useQuery({ queryKey: keys.analytics, queryFn: ({ signal }) => apiRequest(adminConsoleRoutes.adminAnalytics, { signal }) });
}

// ── Categories ──────────────────────────────────────────────────────────────────────────────────

const categoriesKey = [...ADMIN_KEY, 'categories'] as const;

export function useAdminCategories() {
  return useQuery({ queryKey: categoriesKey, queryFn: ({ signal }) => apiRequest(adminConsoleRoutes.adminListCategories, { signal }) });
}

export function useCategoryStatistics(categoryId: string | undefined) {
  return useQuery({
    queryKey: [...categoriesKey, 'statistics', categoryId ?? ''],
    queryFn: ({ signal }) => apiRequest(adminConsoleRoutes.adminCategoryStatistics, { params: { categoryId: categoryId! }, signal }),
    enabled: Boolean(categoryId),
  });
}

export function useCreateCategory() {
  return useAdminMutation((body: Body<'adminCreateCategory'>) => apiRequest(adminConsoleRoutes.adminCreateCategory, { body }));
}

export function useUpdateCategory() {
  return useAdminMutation(({ categoryId, body }: { categoryId: string; body: Body<'adminUpdateCategory'> }) =>
    apiRequest(adminConsoleRoutes.adminUpdateCategory, { params: { categoryId }, body }),
  );
}

export function useDeleteCategory() {
  return useAdminMutation((categoryId: string) => apiRequest(adminConsoleRoutes.adminDeleteCategory, { params: { categoryId } }));
}

/** Carries an unfinished provider update on, a chunk per call, until it is done. */
export function useContinueCategoryProviders() {
  return useAdminMutation((categoryId: string) => apiRequest(adminConsoleRoutes.adminContinueCategoryProviders, { params: { categoryId } }));
}

/** The new order shows at once and stays unless the server refuses it. */
export function useReorderCategories() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, categoryIds }: { groupId: string; categoryIds: string[] }) =>
      apiRequest(adminConsoleRoutes.adminReorderCategories, { params: { groupId }, body: { categoryIds } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}

// ── Business claims ─────────────────────────────────────────────────────────────────────────────

export function useAdminClaims(cursor: string | undefined) {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'claims', 'pending', { cursor }] as const,
    queryFn: ({ signal }) => apiRequest(claimRoutes.adminListClaims, { query: { state: 'pending', cursor }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDecideClaim() {
  return useAdminMutation(({ businessId, reason }: { businessId: string; reason?: AdminReason }) =>
    apiRequest(claimRoutes.adminDecideClaim, { params: { businessId }, body: reason ? { decision: 'refuse', reason } : { decision: 'approve' } }),
  );
}

// ── Reported conversations ──────────────────────────────────────────────────────────────────────

export function useAdminReports(cursor: string | undefined) {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'reports', { cursor }] as const,
    queryFn: ({ signal }) => apiRequest(adminReportRoutes.adminListReports, { query: { cursor }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useResolveReport() {
  return useAdminMutation(({ reportId, action, note, reason }: { reportId: string; action: AdminReportAction; note?: string; reason?: AdminReason }) =>
    apiRequest(adminReportRoutes.adminResolveReport, { params: { reportId }, body: { action, note: note ?? '', ...(reason ? { reason } : {}) } }),
  );
}
