import { Entity } from 'electrodb';
import { JOB_BUDGET_TYPES } from '@solutionz/shared';
import { pk, sk } from './key-templates';
import { mailClaimEntity } from './mail-claims';
import { unsubscribeTokenEntity } from './unsubscribe-tokens';

/**
 * Job alerts (docs/product/notifications.md#job-alerts). Every key format of the alert items is here and nowhere else.
 *
 *   a claim:          PK = JOB_ALERT#<jobId>, SK = PROVIDER#<providerId>. One per job and provider, written
 *                     with a condition before the mail goes (status sending), then marked sent or failed.
 *                     TTL (expiresAt) a week after the job was posted: alerts go only in its first 24 hours,
 *                     so a claim is never needed after that.
 *   the unsubscribe   PK = USER#<providerId>, SK = JOB_ALERT_TOKEN. Created once and put in every alert
 *   token:            mail; the token is `<providerId>.<secret>`, so finding it is one GetItem.
 *   a dead letter:    PK = JOB_ALERT_DEAD_LETTERS, SK = <jobId>#<providerId>. A mail that failed every try,
 *                     with what the alert needs to go again; one partition (they are few, and an operator
 *                     lists them all), one item per job and provider however often it failed.
 */

export const jobAlertClaimEntity = mailClaimEntity({
  entity: 'jobAlertClaim',
  index: 'byJob',
  partition: { prefix: 'JOB_ALERT#', attribute: 'jobId' },
  sort: { prefix: 'PROVIDER#', attribute: 'providerId' },
  more: { finishedAt: { type: 'string' } },
});

export const jobAlertTokenEntity = unsubscribeTokenEntity({ entity: 'jobAlertToken', index: 'byProvider', owner: 'providerId', sortKey: 'JOB_ALERT_TOKEN' });

export const jobAlertDeadLetterEntity = new Entity({
  model: { entity: 'jobAlertDeadLetter', version: '1', service: 'solutionz' },
  attributes: {
    jobId: { type: 'string', required: true, readOnly: true },
    providerId: { type: 'string', required: true, readOnly: true },
    job: {
      type: 'map',
      required: true,
      properties: {
        jobId: { type: 'string', required: true },
        ownerId: { type: 'string', required: true },
        title: { type: 'string', required: true },
        categories: { type: 'list', items: { type: 'string' }, required: true },
        budget: { type: 'string' },
        budgetType: { type: JOB_BUDGET_TYPES },
        locationName: { type: 'string', required: true },
        lat: { type: 'number', required: true },
        lng: { type: 'number', required: true },
        postedAt: { type: 'string', required: true },
      },
    },
    /** What the last try was told. */
    error: { type: 'string', required: true },
    attempts: { type: 'number', required: true },
    parkedAt: { type: 'string', required: true },
  },
  indexes: {
    all: { pk: pk('JOB_ALERT_DEAD_LETTERS', []), sk: sk('${jobId}#${providerId}', ['jobId', 'providerId']) },
  },
});
