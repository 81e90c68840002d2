// Account wording and types without schemas: pages that show them load no zod (docs/web.md#calling-the-api). accounts.ts re-exports them.
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';
import { PROFILE_LIMITS } from './profile-limits';

/** Sign-up and sign-in wording (docs/product/accounts.md#sign-up, #sign-in). */
export const ACCOUNT_MESSAGES = {
  fullNameRequired: 'Full name is required',
  fullNameTooLong: `First and last name must be at most ${PROFILE_LIMITS.nameMaxChars} characters each`,
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  emailTooLong: `Email must be at most ${EMAIL_MAX_LENGTH} characters`,
  emailReserved: 'This email address cannot be used to sign up. Please use a different email.',
  locationRequired: 'Location is required',
  phoneRequired: 'Phone number is required for providers',
  phoneInvalid: 'Invalid phone number format',
  categoriesRequired: 'At least one category is required for providers',
  businessNameRequired: 'Business name is required for providers',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  passwordsDoNotMatch: 'Passwords do not match',
  loginFieldsRequired: 'Please enter both email and password',
  alreadyRegistered: 'This email is already registered. Please use a different email or try logging in.',
  signupRateLimited: 'Too many signup attempts. Please try again later.',
  signupFailed: 'Failed to create account. Please try again.',
  accountCreated: 'Account created successfully',
  loginFailed: 'Failed to sign in. Please check your credentials and try again.',
  accountTypeMismatch: (type: string) => `This account is registered as a ${type}. Please use the correct account type to log in.`,
  confirmationLinkInvalid: 'This confirmation link is invalid or has expired.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  resendRateLimited: 'Please wait before requesting another confirmation email.',
  resetRequested: 'If an account exists for this email, we have sent a link to reset the password.',
  passwordUpdated: 'Your password has been updated. Redirecting to login...',
  profileNotFound: 'Profile not found',
} as const;

export const SIGNUP_ACCOUNT_TYPES = ['client', 'provider'] as const;
export type SignupAccountType = (typeof SIGNUP_ACCOUNT_TYPES)[number];
