import { ComingSoonPage } from '@/components/layout/coming-soon-page';

export { MembershipPage } from './membership-page';
export { ProviderUpdatesUnsubscribePage } from './provider-updates-unsubscribe-page';

export function DashboardPage() {
  return <ComingSoonPage heading="Dashboard" description="Your business at a glance." />;
}
