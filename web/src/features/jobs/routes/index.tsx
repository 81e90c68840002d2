export { JobDirectoryPage } from './job-directory-page';
export { PostJobPage } from './post-job-page';
