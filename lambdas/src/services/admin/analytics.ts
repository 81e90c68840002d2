import { ADMIN_ANALYTICS_DAYS, ADMIN_POPULAR_CATEGORIES, ADMIN_RECENT_ACTIVITY, type AdminAnalytics } from '@solutionz/shared';
import type { AuthorizedCaller } from '../../auth/caller';
import { ukDay } from '../../data/admin';
import type { CategoryGroupWithCategories, CategoryRepository } from '../../data/category-repository';
import type { DirectoryRepository } from '../../data/directory-repository';
import { DAY_MS } from '../../data/provider-updates';
import { toAuditEntries } from './audit';
import type { AdminConsoleDeps } from './deps';

export interface AdminAnalyticsDeps extends Omit<AdminConsoleDeps, 'directory'> {
  readonly categories: Pick<CategoryRepository, 'listActive'>;
  /** The count of listed providers per category the directory keeps for /categories. */
  readonly directory: Pick<DirectoryRepository, 'categoryCounts'>;
}

/** The UK days ending today, oldest first; counted on the calendar, so a clock change neither skips nor repeats a day. */
function lastUkDays(now: Date, days: number): string[] {
  const today = Date.parse(`${ukDay(now)}T00:00:00Z`);
  return Array.from({ length: days }, (_, index) => new Date(today - (days - 1 - index) * DAY_MS).toISOString().slice(0, 10));
}

/** Active categories by listed providers, most first; a tie goes to the taxonomy's order. */
function popularCategories(groups: readonly CategoryGroupWithCategories[], counts: Record<string, number>): AdminAnalytics['popularCategories'] {
  return groups
    .flatMap((group) =>
      group.categories.map((category) => ({
        categoryId: category.categoryId,
        name: category.name,
        groupName: group.name,
        providerCount: counts[category.slug] ?? 0,
      })),
    )
    .filter((category) => category.providerCount > 0)
    .sort((a, b) => b.providerCount - a.providerCount)
    .slice(0, ADMIN_POPULAR_CATEGORIES);
}

/**
 * Counters, per-day aggregates, the active sessions' expiry buckets and the newest audit entries and
 * sign-ups: a few Queries, never a scan or a count.
 */
export async function analytics(deps: AdminAnalyticsDeps, _caller: AuthorizedCaller): Promise<AdminAnalytics> {
  const now = deps.clock();
  const days = lastUkDays(now, ADMIN_ANALYTICS_DAYS);
  const [stats, kept, audit, newest, groups, counts, activeSessions] = await Promise.all([
    deps.admin.stats(now),
    deps.admin.days(days[0]!, days.at(-1)!),
    deps.admin.auditPage({ limit: ADMIN_RECENT_ACTIVITY }),
    deps.admin.listUsers('all', undefined, ADMIN_RECENT_ACTIVITY),
    deps.categories.listActive(),
    deps.directory.categoryCounts(),
    deps.sessions.activeCount(now),
  ]);
  const profiles = newest.userIds.length ? await deps.accounts.getProfiles(newest.userIds) : new Map();
  const byDay = new Map(kept.map((figures) => [figures.day, figures]));
  const daily = days.map((day) => ({ day, signups: byDay.get(day)?.signups ?? 0, jobs: byDay.get(day)?.jobs ?? 0 }));
  const signups: AdminAnalytics['recentActivity'] = [...profiles.values()]
    // An admin-created business has no address: it shows in the audit trail, not as a sign-up.
    .filter((profile) => profile.email && (profile.accountType === 'client' || profile.accountType === 'provider'))
    .map((profile) => ({
      kind: 'signup' as const,
      at: profile.createdAt,
      userId: profile.userId,
      name: `${profile.firstName} ${profile.lastName}`.trim(),
      accountType: profile.accountType as 'client' | 'provider',
    }));
  const audited: AdminAnalytics['recentActivity'] = (await toAuditEntries(deps, audit.entries)).map((entry) => ({
    kind: 'audit' as const,
    at: entry.at,
    entry,
  }));
  return {
    stats: {
      totalProviders: stats.providers,
      totalSeekers: stats.clients,
      activeSessions,
      approvedFeedback: stats.approvedFeedback,
      pendingFeedback: stats.pendingFeedback,
      newUsers: daily.reduce((sum, day) => sum + day.signups, 0),
    },
    popularCategories: popularCategories(groups, counts),
    daily,
    recentActivity: [...audited, ...signups].sort((a, b) => b.at.localeCompare(a.at)).slice(0, ADMIN_RECENT_ACTIVITY),
  };
}
