export { AdminAnalyticsPage } from './admin-analytics-page';
export { AdminBusinessesPage } from './admin-businesses-page';
export { AdminCategoriesPage } from './admin-categories-page';
export { AdminDashboardPage } from './admin-dashboard-page';
export { AdminFeedbackPage } from './admin-feedback-page';
export { AdminUsersPage } from './admin-users-page';
export { AdminSignupPage } from './admin-signup-page';
export { AdminGate, AdminLoginPage } from './admin-login-page';
export { AdminLayout } from '../components/admin-layout';
