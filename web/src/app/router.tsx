import type { ComponentType } from 'react';
import { Navigate, useLocation, type RouteObject } from 'react-router-dom';
import { NotFoundPage } from '@/components/errors/not-found-page';
import { RouteErrorBoundary } from '@/components/errors/route-error-boundary';
import { PageLoading } from '@/components/layout/page-loading';
import { RequireSession } from '@/components/layout/require-session';
import { RootLayout } from '@/components/layout/root-layout';
import { paths } from '@/config/paths';
import { addressSignsUpProvider, loadProviderSignupFields } from '@/features/auth/components/load-provider-signup-fields';
import { HomePage } from '@/features/home/routes/home-page';
import { addressOpensJob, loadOpenJob } from '@/features/jobs/components/load-open-job';
import { withQueryClient } from '@/lib/query-client-gate';

/** Old addresses that the interface still links to (docs/product/site.md#screens); the query string travels along. */
function RedirectKeepingQuery({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={`${to}${search}${hash}`} replace />;
}

// Screens may query from their first render, so each waits for the query client as well as for its chunk.
const page = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) => ({
  lazy: async () => {
    return { Component: pick(await withQueryClient(load)) };
  },
});

/** A screen's chunk, with a part it loads on demand fetched beside it when `part` asks for it (the address opens that part). */
const besidePart =
  <M,>(screen: () => Promise<M>, part: () => Promise<unknown> | undefined) =>
  async (): Promise<M> =>
    (await Promise.all([screen(), part()]))[0];

// The account screens are a chunk each: the sign-up page (prerendered, often a first visit) carries only its own form.
// A provider's sign-up loads the provider's fields beside the page (they are not part of it: the page arrives as the client's form).
const signup = besidePart(
  () => import('@/features/auth/routes/signup-page'),
  () => (addressSignsUpProvider() ? loadProviderSignupFields() : undefined),
);
const login = () => import('@/features/auth/routes/login-page');
const confirmEmail = () => import('@/features/auth/routes/confirm-email-page');
const resetPassword = () => import('@/features/auth/routes/reset-password-page');
const directory = () => import('@/features/directory/routes/directory-page');
// A provider's page is its own chunk: the directory search's filters and results are not part of it.
const providerPage = () => import('@/features/directory/routes/provider-profile-page');
const categories = () => import('@/features/categories/routes');
// The job board is its own chunk: the job form's schemas and form library are not part of it, nor is the open job's
// dialog, which loads beside it when the address opens a job.
const jobDirectory = besidePart(
  () => import('@/features/jobs/routes/job-directory-page'),
  () => (addressOpensJob() ? loadOpenJob() : undefined),
);
const jobs = () => import('@/features/jobs/routes');
const business = () => import('@/features/business/routes');
// The static pages are prerendered and carry nothing but their own text: the claim screens' forms are not part of them.
const businessPage = () => import('@/features/business/routes/business-page');
const accessibility = () => import('@/features/accessibility/routes/accessibility-page');
const account = () => import('@/features/account/routes');
// The own profile and the settings are large screens of their own; the e-mail change link needs neither.
const profile = () => import('@/features/account/routes/profile-page');
const accountSettings = () => import('@/features/account/routes/account-settings-page');
const emailChange = () => import('@/features/account/routes/confirm-email-change-page');
const admin = () => import('@/features/admin/routes');
const messages = () => import('@/features/messages/routes');
const transparency = () => import('@/features/transparency/routes/transparency-page');

/** The screens and their addresses (docs/product/site.md#screens); every screen is its own lazy chunk. */
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorBoundary />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      {
        errorElement: <RouteErrorBoundary />,
        children: [
          // The landing page ships with the entry: lazy-loading it would put a second round trip before the first paint.
          { index: true, Component: HomePage },
          { path: paths.signup, ...page(signup, (m) => m.SignupPage) },
          { path: paths.login, ...page(login, (m) => m.LoginPage) },
          { path: paths.confirmEmail, ...page(confirmEmail, (m) => m.ConfirmEmailPage) },
          { path: paths.resetPassword, ...page(resetPassword, (m) => m.ResetPasswordPage) },
          { path: paths.confirmEmailChange, ...page(emailChange, (m) => m.ConfirmEmailChangePage) },
          { path: paths.directory, ...page(directory, (m) => m.DirectoryPage) },
          { path: '/directory/:id', ...page(providerPage, (m) => m.ProviderProfilePage) },
          { path: paths.categories, ...page(categories, (m) => m.CategoriesPage) },
          { path: '/categories/:slug', ...page(categories, (m) => m.CategoryPage) },
          { path: paths.jobDirectory, ...page(jobDirectory, (m) => m.JobDirectoryPage) },
          { path: paths.postJob, ...page(jobs, (m) => m.PostJobPage) },
          { path: paths.jobAlertsUnsubscribe, ...page(jobs, (m) => m.JobAlertsUnsubscribePage) },
          { path: paths.providerUpdatesUnsubscribe, ...page(account, (m) => m.ProviderUpdatesUnsubscribePage) },
          { path: paths.messageMailsUnsubscribe, ...page(messages, (m) => m.MessageMailsUnsubscribePage) },
          { path: paths.business, ...page(businessPage, (m) => m.BusinessPage) },
          { path: paths.accessibility, ...page(accessibility, (m) => m.AccessibilityPage) },
          { path: paths.claimBusiness, ...page(business, (m) => m.ClaimBusinessPage) },
          { path: paths.claimBusinessComplete, ...page(business, (m) => m.ClaimCompletePage) },
          { path: paths.claimBusinessCancel, ...page(business, (m) => m.ClaimCancelPage) },
          { path: paths.adminLogin, ...page(admin, (m) => m.AdminLoginPage) },
          { path: paths.adminSignup, ...page(admin, (m) => m.AdminSignupPage) },
          { path: paths.transparency, ...page(transparency, (m) => m.TransparencyPage) },
          { path: '/jobs', element: <RedirectKeepingQuery to={paths.jobDirectory} /> },
          { path: '/jobs/post', element: <RedirectKeepingQuery to={paths.postJob} /> },
          { path: '/account-settings', element: <RedirectKeepingQuery to={paths.account} /> },
          { path: '/forgot-password', element: <RedirectKeepingQuery to={paths.resetPassword} /> },
          {
            element: <RequireSession />,
            children: [
              { path: paths.profile, ...page(profile, (m) => m.ProfilePage) },
              { path: paths.account, ...page(accountSettings, (m) => m.AccountSettingsPage) },
              { path: paths.dashboard, ...page(account, (m) => m.DashboardPage) },
              { path: paths.messages, ...page(messages, (m) => m.MessagesPage) },
              { path: '/messages/:conversationId', ...page(messages, (m) => m.MessagesPage) },
            ],
          },
          {
            // Signed-out visitors log in as providers; other account types go to the directory (docs/product/membership.md#the-membership-page).
            element: <RequireSession accountType="provider" otherTypesTo={paths.directory} loginQuery={{ type: 'provider' }} />,
            children: [{ path: paths.membership, ...page(account, (m) => m.MembershipPage) }],
          },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
  {
    // The admin screens under the admin header.
    ...page(admin, (m) => m.AdminLayout),
    errorElement: <RouteErrorBoundary />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      {
        errorElement: <RouteErrorBoundary />,
        children: [
          {
            // The admin screens carry no session guard here: they show the admin login to anyone but an admin (docs/product/accounts.md#admin-sign-in).
            ...page(admin, (m) => m.AdminGate),
            children: [
              { path: paths.admin, ...page(admin, (m) => m.AdminDashboardPage) },
              { path: paths.adminDashboard, ...page(admin, (m) => m.AdminDashboardPage) },
              { path: paths.adminFeedback, ...page(admin, (m) => m.AdminFeedbackPage) },
              { path: paths.adminUsers, ...page(admin, (m) => m.AdminUsersPage) },
              { path: paths.adminCategories, ...page(admin, (m) => m.AdminCategoriesPage) },
              { path: paths.adminAnalytics, ...page(admin, (m) => m.AdminAnalyticsPage) },
              { path: paths.adminBusinesses, ...page(admin, (m) => m.AdminBusinessesPage) },
              { path: paths.adminReports, ...page(admin, (m) => m.AdminReportsPage) },
              { path: paths.adminCredentials, ...page(admin, (m) => m.AdminCredentialsPage) },
              // An admin's own settings (profile, security with 2-step verification, sessions) are the account settings everyone has.
              { path: paths.adminSettings, element: <RedirectKeepingQuery to={paths.account} /> },
            ],
          },
        ],
      },
    ],
  },
];
