import { ComingSoonPage } from '@/components/layout/coming-soon-page';

export function ProfilePage() {
  return <ComingSoonPage heading="My Profile" description="Your profile, services, portfolio, reviews and saved items." />;
}

export function AccountSettingsPage() {
  return <ComingSoonPage heading="Account Settings" description="Your details, security, notifications, bookmarks and payments." />;
}

export function MembershipPage() {
  return <ComingSoonPage heading="Choose Your Membership Plan" description="Appear in the directory and see job contact details with a monthly or yearly membership." />;
}

export function DashboardPage() {
  return <ComingSoonPage heading="Dashboard" description="Your business at a glance." />;
}
