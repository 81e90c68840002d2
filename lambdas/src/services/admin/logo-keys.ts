/**
 * Where business logos live in the logos bucket. Kept apart from the upload pipeline so erasure (in the
 * accounts function, which runs without sharp) can find a business's files without loading the image code.
 */

/** Where an admin's logo uploads land (never served). */
export const logoUploadPrefix = (adminId: string) => `uploads/logos/${adminId}/`;
/** Where a business's checked logo lives (served at /media/logos/...). */
export const logoPrefix = (userId: string) => `media/logos/${userId}/`;
