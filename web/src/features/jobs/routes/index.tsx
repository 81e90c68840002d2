export { JobDirectoryPage } from './job-directory-page';
export { PostJobPage } from './post-job-page';
export { JobAlertsUnsubscribePage } from './job-alerts-unsubscribe-page';
