import { ComingSoonPage } from '@/components/layout/coming-soon-page';

export function AdminCategoriesPage() {
  return <ComingSoonPage heading="Categories Management" description="Add, edit, order and remove service categories." />;
}

export { AdminAnalyticsPage } from './admin-analytics-page';

export { AdminDashboardPage } from './admin-dashboard-page';
export { AdminFeedbackPage } from './admin-feedback-page';
export { AdminUsersPage } from './admin-users-page';
export { AdminSignupPage } from './admin-signup-page';
export { AdminGate, AdminLoginPage } from './admin-login-page';
export { AdminLayout } from '../components/admin-layout';
