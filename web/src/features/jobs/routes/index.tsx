export { PostJobPage } from './post-job-page';
export { JobAlertsUnsubscribePage } from './job-alerts-unsubscribe-page';
