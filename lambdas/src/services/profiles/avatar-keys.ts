/**
 * Where avatar files live in the avatars bucket. Kept apart from the upload pipeline so erasure (in the
 * accounts function, which runs without sharp) can find a person's files without loading the image code.
 */
export const AVATAR_UPLOADS_ROOT = 'uploads/avatars/';

/** Where the browser uploads to (never served) and where the checked pictures live (served at /media/...). */
export const avatarUploadPrefix = (userId: string) => `${AVATAR_UPLOADS_ROOT}${userId}/`;
export const avatarPrefix = (userId: string) => `media/avatars/${userId}/`;

/** Every key under which a person's avatar files can be, for erasure. */
export const avatarKeyPrefixes = (userId: string): string[] => [avatarPrefix(userId), avatarUploadPrefix(userId)];
