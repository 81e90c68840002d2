import { Entity } from 'electrodb';
import { gsi1, gsi2, gsi3, pagedIndex, pk, sk } from './key-templates';

/**
 * Feedback on providers and their replies (docs/product/feedback.md). Every key format of these items
 * is here and nowhere else.
 *
 *   feedback       PK = FEEDBACK#<feedbackId>          SK = FEEDBACK
 *                  GSI1PK = USER#<providerId>            GSI1SK = FEEDBACK_RECEIVED#<createdAt>#<feedbackId>
 *                  GSI2PK = PUBLISHED_FEEDBACK#<providerId>  GSI2SK = <createdAt>#<feedbackId>   (only while approved)
 *   author link    PK = USER#<authorId>                 SK = FEEDBACK_FOR#<providerId>     feedbackId
 *
 * "one feedback per client per provider": the author link is put with attribute_not_exists in the same
 * transaction as the feedback, so of any number of concurrent attempts exactly one lands.
 * "the caller's own feedback for a provider": GetItem of the author link, then of the feedback.
 * "a provider's published feedback, newest first": Query GSI2 (sparse: unpublished feedback has no GSI2 keys).
 * "all feedback a provider received, newest first" (their Reviews tab, export, erasure): Query GSI1, whose
 * USER#<userId> partitions other entities share under their own prefixes.
 * "feedback an author gave" (export, erasure): Query PK = USER#<authorId>, SK begins_with FEEDBACK_FOR#,
 * then BatchGet. Erasure deletes the links and takes authorId off the feedback, so nothing leads back.
 * The reply lives on the feedback item (one per feedback by construction), read with it.
 *
 * The provider's rating aggregate (ratingCount, ratingTotal on the profile) counts published feedback
 * and changes in the same TransactWriteItems as the feedback, never by reading all of it.
 */

export const feedbackEntity = new Entity({
  model: { entity: 'feedback', version: '1', service: 'solutionz' },
  attributes: {
    feedbackId: { type: 'string', required: true, readOnly: true },
    providerId: { type: 'string', required: true, readOnly: true },
    /** The client who wrote it; removed when their account is erased. */
    authorId: { type: 'string' },
    authorName: { type: 'string', required: true },
    rating: { type: 'number', required: true },
    title: { type: 'string', required: true },
    description: { type: 'string' },
    approved: { type: 'boolean', required: true },
    createdAt: { type: 'string', required: true, readOnly: true },
    updatedAt: { type: 'string' },
    replyText: { type: 'string' },
    replyCreatedAt: { type: 'string' },
    replyUpdatedAt: { type: 'string' },
  },
  indexes: {
    byId: { pk: pk('FEEDBACK#${feedbackId}', ['feedbackId']), sk: sk('FEEDBACK', []) },
    received: gsi1('USER#${providerId}', ['providerId'], 'FEEDBACK_RECEIVED#${createdAt}#${feedbackId}', ['createdAt', 'feedbackId']),
    /** Sparse: only published feedback has these keys. */
    /** The admin's moderation list, newest first, one partition per state: "pending feedback" is GSI3 PK = FEEDBACK_STATUS#false. */
    moderation: gsi3('FEEDBACK_STATUS#${approved}', ['approved'], '${createdAt}#${feedbackId}', ['createdAt', 'feedbackId']),
    published: {
      ...gsi2('PUBLISHED_FEEDBACK#${providerId}', ['providerId'], '${createdAt}#${feedbackId}', ['createdAt', 'feedbackId']),
      condition: (attributes: { approved?: boolean }) => attributes.approved === true,
    },
  },
});

export const feedbackAuthorEntity = new Entity({
  model: { entity: 'feedbackAuthor', version: '1', service: 'solutionz' },
  attributes: {
    authorId: { type: 'string', required: true, readOnly: true },
    providerId: { type: 'string', required: true, readOnly: true },
    feedbackId: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byAuthor: { pk: pk('USER#${authorId}', ['authorId']), sk: sk('FEEDBACK_FOR#${providerId}', ['providerId']) },
  },
});

const RECEIVED_PREFIX = 'FEEDBACK_RECEIVED#';

/**
 * Where a page of newest-first feedback is read from, and the sort key of a position in it: the entity
 * keys above spelled out for the paged Query, which needs a key condition ElectroDB does not build
 * (strictly below a position, and no lower than the prefix).
 */
export interface PagedIndex {
  readonly indexName: string;
  readonly partitionKey: string;
  readonly sortKey: string;
  readonly partition: string;
  /** Sort keys of this list start with it ('' when the partition holds nothing else). */
  readonly prefix: string;
  readonly position: (createdAt: string, feedbackId: string) => string;
}

export const publishedIndex = (providerId: string): PagedIndex =>
  pagedIndex(1, `PUBLISHED_FEEDBACK#${providerId}`, '', (createdAt, feedbackId) => `${createdAt}#${feedbackId}`);

export const receivedIndex = (providerId: string): PagedIndex =>
  pagedIndex(0, `USER#${providerId}`, RECEIVED_PREFIX, (createdAt, feedbackId) => `${RECEIVED_PREFIX}${createdAt}#${feedbackId}`);

/** The admin's moderation list of one state, newest first. */
export const moderationIndex = (approved: boolean): PagedIndex =>
  pagedIndex(2, `FEEDBACK_STATUS#${approved}`, '', (createdAt, feedbackId) => `${createdAt}#${feedbackId}`);
