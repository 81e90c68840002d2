import { ComingSoonPage } from '@/components/layout/coming-soon-page';

export function AdminDashboardPage() {
  return <ComingSoonPage heading="Admin Dashboard" description="Users, feedback, categories and analytics at a glance." />;
}

export function AdminFeedbackPage() {
  return <ComingSoonPage heading="Feedback Moderation" description="Approve, edit or remove feedback left on providers." />;
}

export function AdminUsersPage() {
  return <ComingSoonPage heading="User Management" description="Search, edit and manage every account." />;
}

export function AdminCategoriesPage() {
  return <ComingSoonPage heading="Categories Management" description="Add, edit, order and remove service categories." />;
}

export function AdminAnalyticsPage() {
  return <ComingSoonPage heading="Analytics" description="Providers, seekers, sessions, feedback and popular categories." />;
}

export { AdminSignupPage } from './admin-signup-page';
export { AdminGate, AdminLoginPage } from './admin-login-page';
