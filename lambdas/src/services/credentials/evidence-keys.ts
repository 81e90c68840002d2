/**
 * Where evidence documents live in the portfolio bucket. Neither prefix is under `media/`, so neither CloudFront
 * nor the local edge ever serves one: only the API answers them, to the provider and to admins. Kept apart from
 * the checking code so erasure (which runs without sharp) can find a provider's files.
 */

/** Where the browser uploads to (never served; lapses after a day by the bucket's lifecycle rule for `uploads/`). */
export const evidenceUploadPrefix = (providerId: string) => `uploads/credentials/${providerId}/`;
export const evidenceUploadKey = (providerId: string, credentialId: string, uploadId: string) =>
  `${evidenceUploadPrefix(providerId)}${credentialId}/${uploadId}`;

/** The checked document: one per credential, replaced by a new one. */
export const evidencePrefix = (providerId: string) => `private/credentials/${providerId}/`;
export const evidenceKey = (providerId: string, credentialId: string) => `${evidencePrefix(providerId)}${credentialId}`;
