export { DashboardPage } from './dashboard-page';
export { MembershipPage } from './membership-page';
export { ProviderUpdatesUnsubscribePage } from './provider-updates-unsubscribe-page';
