import { JOB_ALERT_MESSAGES } from '@solutionz/shared';
import { UnsubscribeLinkPage } from '@/components/notifications/unsubscribe-link-page';
import { useUnsubscribeJobAlerts } from '../api/job-alerts';

const TEXTS = {
  title: 'Job alerts',
  unsubscribed: JOB_ALERT_MESSAGES.unsubscribed,
  offer: 'Stop the e-mails about new jobs near you? You can turn Job Alerts on again in your notification settings.',
  action: 'Unsubscribe from job alerts',
  working: 'Unsubscribing you from job alerts...',
  done: 'You will get no more e-mails about new jobs. You can turn Job Alerts on again in your notification settings.',
  invalid: JOB_ALERT_MESSAGES.unsubscribeInvalid,
};

/** /job-alerts/unsubscribe?token=: the unsubscribe link of a job alert mail; its button turns the provider's Job Alerts off. */
export function JobAlertsUnsubscribePage() {
  return <UnsubscribeLinkPage texts={TEXTS} unsubscribe={useUnsubscribeJobAlerts()} />;
}
