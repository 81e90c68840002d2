import type { AccountType } from '@solutionz/shared';
import { StatusBadge } from '@/components/ui/status-badge';

/** The role badge of the own profile (docs/product/account-settings.md#own-profile-page). */
const ROLE_BADGES: Record<AccountType, string> = { provider: 'Service Provider', client: 'Client', admin: 'Admin' };

export function RoleBadge({ accountType }: { accountType: AccountType }) {
  return <StatusBadge tone={accountType === 'provider' ? 'brand' : 'gray'}>{ROLE_BADGES[accountType]}</StatusBadge>;
}
