import { z } from 'zod';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PHONE_DIGITS } from './constants';
import { ACCOUNT_MESSAGES, SIGNUP_ACCOUNT_TYPES } from './account-messages';
import { splitFullName } from './names';
import { capped, categorySelectionText, PROFILE_LIMITS, tooLongMessage, tooManyCategoriesMessage } from './profile-fields';

export { ACCOUNT_MESSAGES, SIGNUP_ACCOUNT_TYPES, type SignupAccountType } from './account-messages';

/** An admin's username is the local part of their internal address, which mail holds to 64 characters. */
export const ADMIN_USERNAME_MAX_LENGTH = 64;

/** Admin entry wording (docs/product/accounts.md#admin-sign-in, #first-admin-setup). */
export const ADMIN_MESSAGES = {
  fieldsRequired: 'Username and password are required',
  usernameInvalid: 'Username may only contain letters, numbers, dots, dashes and underscores',
  usernameTooLong: `Username must be at most ${ADMIN_USERNAME_MAX_LENGTH} characters`,
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: ACCOUNT_MESSAGES.passwordTooShort,
  alreadyExists: 'An admin account already exists. Please proceed to login.',
  setupTokenInvalid: 'Invalid or missing setup token. Please contact the site owner.',
  setupFailed: 'Failed to create admin',
  invalidCredentials: 'Invalid credentials. Please try again.',
  notAuthorized: 'Not authorized. Admin access only.',
  loginSuccessful: 'Login Successful',
  forgotPassword: 'Please contact the system administrator for password recovery.',
  /** /admin-login opened by someone signed in with an account that is not an admin's. */
  signedInNotAdmin: 'You are signed in with an account that is not an administrator account. Signing in here as an administrator signs that account out.',
} as const;

/** The header that carries the optional first-admin setup token. */
export const ADMIN_SETUP_TOKEN_HEADER = 'x-admin-setup-token';

/**
 * Admin usernames become internal e-mail addresses: lowercased and trimmed, then `@<domain>`. An
 * entry that is already an address is used as it is, so a member who tries the admin entry with
 * their own e-mail is answered "Not authorized" rather than "Invalid credentials".
 */
export function adminEmail(username: string, domain: string): string {
  const name = username.trim().toLowerCase();
  return name.includes('@') ? name : `${name}@${domain}`;
}

/**
 * A plain address and nothing else: dot-separated runs of the characters an unquoted local part may hold,
 * `@`, then two or more dot-separated host labels. No display name, group, comment, quotes, angle brackets,
 * commas, colons, semicolons or spaces, so a field names exactly one mailbox. No run can take a character
 * that ends it, so a match is linear in the length of the text.
 */
const EMAIL_PATTERN = /^[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+$/u;

/** Whether a text (trimmed) is one plain address mail can carry, for a page that checks it without a schema. */
export function isEmailAddress(text: string): boolean {
  return text.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(text);
}

/**
 * An address field: trimmed, held to EMAIL_MAX_LENGTH before the pattern runs, lowercased. `required` is the
 * message for a missing or empty one (without it, the pattern's message says it).
 */
export function emailAddressSchema(messages: { readonly required?: string; readonly invalid: string }) {
  const text = z.string(messages.required).trim().max(EMAIL_MAX_LENGTH, capped(ACCOUNT_MESSAGES.emailTooLong));
  return (messages.required ? text.min(1, messages.required) : text).regex(EMAIL_PATTERN, messages.invalid).transform((email) => email.toLowerCase());
}

export function normalisePhone(phone: string): string {
  return phone.replace(/[\s\-()]/g, '');
}
export const PHONE_PATTERN = new RegExp(`^\\+?\\d{${PHONE_DIGITS.min},${PHONE_DIGITS.max}}$`);

export const emailSchema = emailAddressSchema({ required: ACCOUNT_MESSAGES.emailRequired, invalid: ACCOUNT_MESSAGES.emailInvalid });

/** Both parts of a name at their limit and the space between: a longer full name cannot be split into parts that fit. */
const FULL_NAME_MAX_CHARS = PROFILE_LIMITS.nameMaxChars * 2 + 1;

/** A full name as sign-up and the claim form take it, split into first and last name by the schema's own rule. */
export const fullNameText = (required: string) => z.string().trim().min(1, required).max(FULL_NAME_MAX_CHARS, capped(ACCOUNT_MESSAGES.fullNameTooLong));

export const passwordSchema = z
  .string()
  .min(1, ACCOUNT_MESSAGES.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, ACCOUNT_MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, ACCOUNT_MESSAGES.passwordTooLong);

/**
 * What the sign-up rules across fields read, each of the type they read it as: the rules run whenever these are of
 * those types, whatever else failed. By default zod runs an object's refinement only when no field has failed (and
 * never after a field that aborts), so a provider who left the e-mail address or password empty was told of the phone,
 * business name and categories only on the next try. For the same reason those two schemas do not abort on an empty
 * value: a field shows its first message (the form and the API both keep the first), so an empty one says it is required.
 */
const signupRuleFields = z.object({
  accountType: z.enum(SIGNUP_ACCOUNT_TYPES),
  fullName: z.string(),
  password: z.string(),
  confirmPassword: z.string(),
  phone: z.string().optional(),
  businessName: z.string().optional(),
  categories: z.array(z.string()).optional(),
});

/**
 * One schema for the sign-up form and the sign-up API, so both give the same message for the same
 * mistake. Provider-only rules apply when accountType is provider. Text has the profile editor's
 * limits (PROFILE_LIMITS): the name is split into first and last name on the first space, and each
 * part is held to the editor's limit for that name.
 */
export const signupSchema = z
  .strictObject({
    accountType: z.enum(SIGNUP_ACCOUNT_TYPES),
    fullName: fullNameText(ACCOUNT_MESSAGES.fullNameRequired),
    email: emailSchema,
    location: z.string().trim().min(1, ACCOUNT_MESSAGES.locationRequired).max(PROFILE_LIMITS.locationMaxChars, tooLongMessage(PROFILE_LIMITS.locationMaxChars)),
    password: passwordSchema,
    confirmPassword: z.string().max(PASSWORD_MAX_LENGTH, ACCOUNT_MESSAGES.passwordTooLong),
    phone: z
      .string()
      .trim()
      .max(PROFILE_LIMITS.phoneMaxChars, capped(tooLongMessage(PROFILE_LIMITS.phoneMaxChars)))
      .optional(),
    businessName: z.string().trim().max(PROFILE_LIMITS.businessNameMaxChars, tooLongMessage(PROFILE_LIMITS.businessNameMaxChars)).optional(),
    categories: z.array(categorySelectionText).max(PROFILE_LIMITS.maxCategories, tooManyCategoriesMessage).optional(),
  })
  .superRefine(
    (value, ctx) => {
      const { firstName, lastName } = splitFullName(value.fullName);
      if (firstName.length > PROFILE_LIMITS.nameMaxChars || lastName.length > PROFILE_LIMITS.nameMaxChars) {
        ctx.addIssue({ code: 'custom', path: ['fullName'], message: ACCOUNT_MESSAGES.fullNameTooLong });
      }
      if (value.confirmPassword !== value.password) {
        ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: ACCOUNT_MESSAGES.passwordsDoNotMatch });
      }
      if (value.accountType !== 'provider') return;
      if (!value.phone) {
        ctx.addIssue({ code: 'custom', path: ['phone'], message: ACCOUNT_MESSAGES.phoneRequired });
      } else if (!PHONE_PATTERN.test(normalisePhone(value.phone))) {
        ctx.addIssue({ code: 'custom', path: ['phone'], message: ACCOUNT_MESSAGES.phoneInvalid });
      }
      if (!value.businessName) {
        ctx.addIssue({ code: 'custom', path: ['businessName'], message: ACCOUNT_MESSAGES.businessNameRequired });
      }
      if (!value.categories?.length) {
        ctx.addIssue({ code: 'custom', path: ['categories'], message: ACCOUNT_MESSAGES.categoriesRequired });
      }
    },
    { when: (payload) => signupRuleFields.safeParse(payload.value).success },
  );
export type SignupInput = z.input<typeof signupSchema>;
export type Signup = z.output<typeof signupSchema>;
