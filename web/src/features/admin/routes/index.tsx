import { ComingSoonPage } from '@/components/layout/coming-soon-page';

export function AdminAnalyticsPage() {
  return <ComingSoonPage heading="Analytics" description="Providers, seekers, sessions, feedback and popular categories." />;
}

export { AdminCategoriesPage } from './admin-categories-page';
export { AdminDashboardPage } from './admin-dashboard-page';
export { AdminFeedbackPage } from './admin-feedback-page';
export { AdminUsersPage } from './admin-users-page';
export { AdminSignupPage } from './admin-signup-page';
export { AdminGate, AdminLoginPage } from './admin-login-page';
export { AdminLayout } from '../components/admin-layout';
