/**
 * Where message images live in the portfolio bucket. None is under `media/`, so neither CloudFront nor the
 * local edge ever serves one: only the messages API answers them, to the two people of the conversation.
 * Kept apart from the image code so erasure (which runs without sharp) can find a person's files.
 */

/** Where the browser uploads to (never served; lapses after a day by the bucket's lifecycle rule for `uploads/`). */
export const messageImageUploadPrefix = (userId: string) => `uploads/messages/${userId}/`;
export const messageImageUploadKey = (userId: string, conversationId: string, imageId: string) =>
  `${messageImageUploadPrefix(userId)}${conversationId}/${imageId}`;

/** The checked image, re-encoded, and its thumbnail: under the conversation, named by a random id. */
export const messageImageKey = (conversationId: string, imageId: string, size: 'full' | 'thumb') =>
  `private/messages/${conversationId}/${imageId}${size === 'thumb' ? '-thumb' : ''}.webp`;
