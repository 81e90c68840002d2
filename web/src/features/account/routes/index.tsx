import { ComingSoonPage } from '@/components/layout/coming-soon-page';

export function MembershipPage() {
  return <ComingSoonPage heading="Choose Your Membership Plan" description="Appear in the directory and see job contact details with a monthly or yearly membership." />;
}

export function DashboardPage() {
  return <ComingSoonPage heading="Dashboard" description="Your business at a glance." />;
}
