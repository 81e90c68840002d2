/**
 * Where portfolio files live in the portfolio bucket. Kept apart from the upload pipeline so erasure (in
 * the accounts function, which runs without sharp) can find a person's files without loading the image code.
 */
const PORTFOLIO_UPLOADS_ROOT = 'uploads/portfolio/';

/** Where the browser uploads to (never served; lapses after a day by the bucket's lifecycle rule). */
export const portfolioUploadPrefix = (userId: string) => `${PORTFOLIO_UPLOADS_ROOT}${userId}/`;
/** Where checked files live, served at /media/portfolio/... */
export const portfolioPrefix = (userId: string) => `media/portfolio/${userId}/`;

/** Every key under which a person's portfolio files can be, for erasure. */
export const portfolioKeyPrefixes = (userId: string): string[] => [portfolioPrefix(userId), portfolioUploadPrefix(userId)];
