import { ADMIN_RECENT_ACTIVITY, type AdminDashboard } from '@solutionz/shared';
import type { AuthorizedCaller } from '../../auth/caller';
import { toAuditEntries } from './audit';
import type { AdminConsoleDeps } from './deps';

/** The four figures as the writes keep them (one Query of the counters, never a count) and the newest audit entries. */
export async function dashboard(deps: AdminConsoleDeps, _caller: AuthorizedCaller): Promise<AdminDashboard> {
  const [stats, recent] = await Promise.all([deps.admin.stats(deps.clock()), deps.admin.auditPage({ limit: ADMIN_RECENT_ACTIVITY })]);
  return {
    stats: {
      businesses: stats.businesses,
      listedProviders: stats.listedProviders,
      businessesThisMonth: stats.businessesThisMonth,
      pendingFeedback: stats.pendingFeedback,
      openReports: stats.openReports,
    },
    recentActivity: await toAuditEntries(deps, recent.entries),
  };
}
