// Without schemas: pages that only show or count these load no zod (docs/web.md#calling-the-api). profile-fields.ts re-exports them.

/**
 * Length limits of the text a person writes about themselves, one set for sign-up and the profile
 * editor alike, so an account can never hold text its own editor would refuse.
 */
export const PROFILE_LIMITS = {
  nameMaxChars: 50,
  locationMaxChars: 100,
  businessNameMaxChars: 100,
  /** Separators included; the digits themselves are PHONE_DIGITS. */
  phoneMaxChars: 30,
  bioMaxChars: 2000,
  skillMaxChars: 50,
  maxSkills: 30,
  maxCategories: 20,
  categoryMaxChars: 120,
  socialLinkMaxChars: 300,
} as const;

export const tooLongMessage = (max: number) => `Must be at most ${max} characters`;
export const tooManyCategoriesMessage = `At most ${PROFILE_LIMITS.maxCategories} categories`;

/**
 * The options of a length check that ends the field's checks when it fails (zod's `abort`): text over the limit
 * never reaches a pattern or refinement after it, so an over-long value costs no more than a short one.
 */
export const capped = (error: string) => ({ error, abort: true }) as const;
