// Without schemas: pages that only show or count these load no zod (issue 24). profile-fields.ts re-exports them.

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
