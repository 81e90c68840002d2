import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { profileEntity } from './accounts';
import { TABLE } from './table-definition';

/**
 * Feedback on providers and their replies (spec 02 section 3; issue 11). Every key format of these items
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

const { partitionKey: PK, sortKey: SK } = TABLE;
const [GSI1, GSI2] = TABLE.globalIndexes;

export type Item = Record<string, unknown>;

export const FEEDBACK_ENTITY = 'feedback';
export const AUTHOR_LINK_ENTITY = 'feedbackAuthor';

export const feedbackKey = (feedbackId: string): Item => ({ [PK]: `FEEDBACK#${feedbackId}`, [SK]: 'FEEDBACK' });
export const authorLinkKey = (authorId: string, providerId: string): Item => ({ [PK]: `USER#${authorId}`, [SK]: `FEEDBACK_FOR#${providerId}` });

const RECEIVED_PREFIX = 'FEEDBACK_RECEIVED#';

/** The GSI2 keys that publish a feedback; removed to unpublish it. */
export function publishedKeys(providerId: string, createdAt: string, feedbackId: string): Item {
  return { [GSI2.partitionKey]: `PUBLISHED_FEEDBACK#${providerId}`, [GSI2.sortKey]: `${createdAt}#${feedbackId}` };
}
export const PUBLISHED_KEY_ATTRIBUTES = [GSI2.partitionKey, GSI2.sortKey] as const;

/** The feedback item as stored, with its index keys. */
export function feedbackItem(feedback: {
  id: string;
  providerId: string;
  authorId: string;
  createdAt: string;
  approved: boolean;
  [attribute: string]: unknown;
}): Item {
  const { id, ...attributes } = feedback;
  return {
    ...feedbackKey(id),
    __edb_e__: FEEDBACK_ENTITY,
    feedbackId: id,
    ...attributes,
    [GSI1.partitionKey]: `USER#${feedback.providerId}`,
    [GSI1.sortKey]: `${RECEIVED_PREFIX}${feedback.createdAt}#${id}`,
    ...(feedback.approved ? publishedKeys(feedback.providerId, feedback.createdAt, id) : {}),
  };
}

export function authorLinkItem(authorId: string, providerId: string, feedbackId: string): Item {
  return { ...authorLinkKey(authorId, providerId), __edb_e__: AUTHOR_LINK_ENTITY, authorId, providerId, feedbackId };
}

/** Where a page of newest-first feedback is read from, and the sort key of a position in it. */
export interface PagedIndex {
  readonly indexName: string;
  readonly partitionKey: string;
  readonly sortKey: string;
  readonly partition: string;
  /** Sort keys of this list start with it ('' when the partition holds nothing else). */
  readonly prefix: string;
  readonly position: (createdAt: string, feedbackId: string) => string;
}

export function publishedIndex(providerId: string): PagedIndex {
  return {
    indexName: GSI2.indexName,
    partitionKey: GSI2.partitionKey,
    sortKey: GSI2.sortKey,
    partition: `PUBLISHED_FEEDBACK#${providerId}`,
    prefix: '',
    position: (createdAt, feedbackId) => `${createdAt}#${feedbackId}`,
  };
}

export function receivedIndex(providerId: string): PagedIndex {
  return {
    indexName: GSI1.indexName,
    partitionKey: GSI1.partitionKey,
    sortKey: GSI1.sortKey,
    partition: `USER#${providerId}`,
    prefix: RECEIVED_PREFIX,
    position: (createdAt, feedbackId) => `${RECEIVED_PREFIX}${createdAt}#${feedbackId}`,
  };
}

/** The author links of one author: their partition, and the prefix of the links in it. */
export const authorLinksOf = (authorId: string) => ({ partitionKey: PK, sortKey: SK, partition: `USER#${authorId}`, prefix: 'FEEDBACK_FOR#' });

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * The change of a provider's rating aggregate, as one item of a transaction: the profile's own key
 * format stays in accounts.ts, and the update fails when the profile is gone (an erased provider).
 */
export function ratingChange(tableName: string, providerId: string, count: number, total: number): TransactItem {
  const params = profileEntity.patch({ userId: providerId }).add({ ratingCount: count, ratingTotal: total }).params({ table: tableName });
  return { Update: params as NonNullable<TransactItem['Update']> };
}
