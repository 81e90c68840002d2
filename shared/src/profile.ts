import { z } from 'zod';
import { ACCOUNT_MESSAGES, emailAddressSchema, normalisePhone } from './accounts';
import {
  AVATAR,
  DEFAULT_RADIUS_MILES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_DIGITS,
  RADIUS_OPTIONS_MILES,
  SOCIAL_LINK_KEYS,
  type RadiusMiles,
  type SocialLinkKey,
} from './constants';
import { capped, categorySelectionText, PROFILE_LIMITS, tooLongMessage, tooManyCategoriesMessage } from './profile-fields';
import { SECURITY_MESSAGES } from './security-messages';
import { normaliseSocialLink } from './social-links';

/**
 * The own profile, account settings and their security controls (docs/product/account-settings.md): one
 * schema per form, used by the browser and the API alike.
 */

export { PROFILE_LIMITS };

export const PROFILE_MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  tooLong: tooLongMessage,
  providerOnly: 'Only service providers have this field.',
  /** A provider without a running membership changing their services (categories) or skills (403). */
  servicesNeedMembership: 'You need an active membership to change your services and skills.',
  jobAlertsProvidersOnly: 'Job Alerts are for service providers.',
  providerUpdatesClientsOnly: 'Provider Updates are for clients.',
  credentialRemindersProvidersOnly: 'Credential expiry reminders are for service providers.',
  saved: { title: 'Profile updated', description: 'Your changes have been saved successfully.' },
  saveFailed: { title: 'Update failed', description: 'Failed to update profile.' },
  loadFailed: 'Your profile could not be loaded. Please try refreshing the page.',
  avatar: {
    tooLarge: { title: 'File too large', description: 'Please upload an image smaller than 2MB.' },
    wrongType: { title: 'Invalid file type', description: 'Please upload a PNG, JPG, or JPEG image.' },
    notAnImage: { title: 'Invalid file type', description: 'That file is not a PNG or JPEG image.' },
    failed: { title: 'Upload failed', description: 'There was an error uploading your profile picture. Please try again.' },
    success: { title: 'Success', description: 'Profile picture updated successfully.' },
    missing: 'No uploaded picture was found. Please choose the file again.',
  },
  settingsFailed: 'Something went wrong loading the settings. Please try refreshing the page.',
  unknownTab: 'Tab content not found',
} as const;

/** Where a typed place could not be placed and what the web adds to it (docs/product/directory.md#places). */
export const LOCATION_MESSAGES = {
  notFound: "We couldn't find that place in the UK",
  ambiguous: (name: string) => `There is more than one ${name} in the UK: please choose one.`,
  enterManually: 'You can enter your location manually instead.',
} as const;

// ── Social links (docs/product/account-settings.md#profile-fields; keys, labels and normalising in social-links.ts) ───

/**
 * Whitespace is refused before the URL parser sees it: Chromium's parser accepts spaces in a host name
 * (percent-encoding them) where Node's refuses them, and the browser and the API must agree.
 */
const isWebAddress = (link: string) => !/\s/.test(link) && URL.canParse(link);

const socialLinkSchema = z
  .string()
  .trim()
  .max(PROFILE_LIMITS.socialLinkMaxChars, PROFILE_MESSAGES.tooLong(PROFILE_LIMITS.socialLinkMaxChars))
  .transform(normaliseSocialLink)
  .refine((link) => link === '' || isWebAddress(link), 'Enter a web address, e.g. www.example.co.uk');

export const socialLinksSchema = z.strictObject(
  Object.fromEntries(SOCIAL_LINK_KEYS.map((key) => [key, socialLinkSchema.optional()])) as Record<SocialLinkKey, z.ZodOptional<typeof socialLinkSchema>>,
);

// ── Skills (docs/product/account-settings.md#profile-fields) ─────────────────────────────────────

/** Trimmed, blanks dropped, duplicates (ignoring case) dropped, first spelling kept. */
export function normaliseSkills(skills: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const skill of skills) {
    const trimmed = skill.trim().replace(/\s+/g, ' ');
    const key = trimmed.toLowerCase();
    if (!trimmed || seen.has(key)) continue;
    seen.add(key);
    kept.push(trimmed);
  }
  return kept;
}

// ── The profile form and PATCH /api/me/profile ───────────────────────────────────────────────────

const PHONE_PATTERN = new RegExp(`^\\+?\\d{${PHONE_DIGITS.min},${PHONE_DIGITS.max}}$`);

/**
 * The profile tab's fields (docs/product/account-settings.md#profile-fields) and nothing else: any other field, the user id
 * included, is refused by name. Every field is optional (PATCH): what is sent is replaced. Provider
 * fields from a client are refused by the service.
 */
export const profileUpdateSchema = z.strictObject({
  firstName: z
    .string()
    .trim()
    .min(1, PROFILE_MESSAGES.firstNameRequired)
    .max(PROFILE_LIMITS.nameMaxChars, PROFILE_MESSAGES.tooLong(PROFILE_LIMITS.nameMaxChars))
    .optional(),
  lastName: z
    .string()
    .trim()
    .min(1, PROFILE_MESSAGES.lastNameRequired)
    .max(PROFILE_LIMITS.nameMaxChars, PROFILE_MESSAGES.tooLong(PROFILE_LIMITS.nameMaxChars))
    .optional(),
  location: z
    .string()
    .trim()
    .min(1, ACCOUNT_MESSAGES.locationRequired)
    .max(PROFILE_LIMITS.locationMaxChars, PROFILE_MESSAGES.tooLong(PROFILE_LIMITS.locationMaxChars))
    .optional(),
  businessName: z
    .string()
    .trim()
    .min(1, ACCOUNT_MESSAGES.businessNameRequired)
    .max(PROFILE_LIMITS.businessNameMaxChars, PROFILE_MESSAGES.tooLong(PROFILE_LIMITS.businessNameMaxChars))
    .optional(),
  phoneNumber: z
    .string()
    .trim()
    .min(1, ACCOUNT_MESSAGES.phoneRequired)
    .max(PROFILE_LIMITS.phoneMaxChars, capped(PROFILE_MESSAGES.tooLong(PROFILE_LIMITS.phoneMaxChars)))
    .refine((phone) => PHONE_PATTERN.test(normalisePhone(phone)), ACCOUNT_MESSAGES.phoneInvalid)
    .optional(),
  bio: z.string().trim().max(PROFILE_LIMITS.bioMaxChars, PROFILE_MESSAGES.tooLong(PROFILE_LIMITS.bioMaxChars)).optional(),
  skills: z
    .array(z.string().max(PROFILE_LIMITS.skillMaxChars, PROFILE_MESSAGES.tooLong(PROFILE_LIMITS.skillMaxChars)))
    .max(PROFILE_LIMITS.maxSkills, `At most ${PROFILE_LIMITS.maxSkills} skills`)
    .transform(normaliseSkills)
    .optional(),
  socialLinks: socialLinksSchema.optional(),
  categories: z.array(categorySelectionText).min(1, ACCOUNT_MESSAGES.categoriesRequired).max(PROFILE_LIMITS.maxCategories, tooManyCategoriesMessage).optional(),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;
/** The fields only providers have (docs/product/account-settings.md#profile-fields). */
export const PROVIDER_ONLY_PROFILE_FIELDS = ['businessName', 'phoneNumber', 'categories'] as const satisfies readonly (keyof ProfileUpdate)[];
/** A provider's services, as the Services tab shows them: only a provider with a running membership changes them. */
export const SERVICE_PROFILE_FIELDS = ['categories', 'skills'] as const satisfies readonly (keyof ProfileUpdate)[];

// ── Notification settings (docs/product/notifications.md) ────────────────────────────────────────

export const NOTIFICATION_MESSAGES = {
  saved: { title: 'Notification settings saved', description: 'Your notification settings have been updated.' },
  saveFailed: 'Notification settings not saved',
  /** Job Alerts: the categories (with the radius) of the jobs a provider hears about. */
  jobAlertsSaveFailed: 'Error updating categories',
} as const;

const radiusMilesSchema = z
  .number()
  .refine((miles) => (RADIUS_OPTIONS_MILES as readonly number[]).includes(miles), `Choose one of ${RADIUS_OPTIONS_MILES.join(', ')} miles`)
  .transform((miles) => miles as RadiusMiles);

const jobAlertSettingsSchema = z.strictObject({
  enabled: z.boolean(),
  radiusMiles: radiusMilesSchema,
  categories: z.array(categorySelectionText).max(PROFILE_LIMITS.maxCategories),
});
const providerUpdateSettingsSchema = z.strictObject({ enabled: z.boolean() });
/** E-mail about messages not read within a few minutes (docs/product/notifications.md#message-e-mails): clients and providers, on by default. */
const messageMailSettingsSchema = z.strictObject({ enabled: z.boolean() });
/** E-mail 30 and 7 days before a checked credential expires (docs/product/credentials.md#expiry): providers, on by default. */
const credentialReminderSettingsSchema = z.strictObject({ enabled: z.boolean() });

/** Providers have Job Alerts and credential reminders, clients Provider Updates, both Messages; a settings change sends only its own part. */
export const notificationSettingsSchema = z.strictObject({
  jobAlerts: jobAlertSettingsSchema.optional(),
  providerUpdates: providerUpdateSettingsSchema.optional(),
  messages: messageMailSettingsSchema.optional(),
  credentialReminders: credentialReminderSettingsSchema.optional(),
});
export type NotificationSettingsUpdate = z.output<typeof notificationSettingsSchema>;

export const notificationSettingsResponseSchema = z.object({
  jobAlerts: jobAlertSettingsSchema,
  providerUpdates: providerUpdateSettingsSchema,
  messages: messageMailSettingsSchema,
  credentialReminders: credentialReminderSettingsSchema,
});
export type NotificationSettings = z.output<typeof notificationSettingsResponseSchema>;

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  jobAlerts: { enabled: false, radiusMiles: DEFAULT_RADIUS_MILES, categories: [] },
  providerUpdates: { enabled: false },
  messages: { enabled: true },
  credentialReminders: { enabled: true },
};

// ── Avatar (docs/product/account-settings.md#avatar) ─────────────────────────────────────────────

export const avatarUploadRequestSchema = z.strictObject({
  contentType: z.enum(AVATAR.mimeTypes, PROFILE_MESSAGES.avatar.wrongType.description),
  size: z.number().int().positive().max(AVATAR.maxBytes, PROFILE_MESSAGES.avatar.tooLarge.description),
});

/** A presigned POST: the browser sends `fields` then the file to `url`; the policy fixes key, type and size. */
export const presignedUploadSchema = z.object({
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  key: z.string(),
  maxBytes: z.number().int().positive(),
});
export type PresignedUpload = z.infer<typeof presignedUploadSchema>;

export const avatarConfirmRequestSchema = z.strictObject({ key: z.string().trim().min(1).max(300) });
export const avatarResponseSchema = z.object({ avatarUrl: z.string() });

// ── Security tab (every control real) ────────────────────────────────────────────────────────────

const currentPasswordSchema = z.string().min(1, SECURITY_MESSAGES.currentPasswordRequired).max(256);
const newEmailSchema = emailAddressSchema({ invalid: SECURITY_MESSAGES.emailInvalid });

export const emailChangeRequestSchema = z.strictObject({ newEmail: newEmailSchema, currentPassword: currentPasswordSchema });
export const emailChangeResponseSchema = z.object({ sentTo: z.string(), message: z.string() });

export const emailChangeConfirmRequestSchema = z.strictObject({
  token: z.string().trim().min(1, SECURITY_MESSAGES.emailChangeLinkInvalid).max(200, SECURITY_MESSAGES.emailChangeLinkInvalid),
});
export const emailChangeConfirmResponseSchema = z.object({ email: z.string(), message: z.string() });

export const passwordChangeRequestSchema = z
  .strictObject({
    currentPassword: currentPasswordSchema,
    newPassword: z.string().min(PASSWORD_MIN_LENGTH, SECURITY_MESSAGES.passwordTooShort).max(PASSWORD_MAX_LENGTH, ACCOUNT_MESSAGES.passwordTooLong),
    confirmPassword: z.string().max(PASSWORD_MAX_LENGTH, ACCOUNT_MESSAGES.passwordTooLong),
  })
  .refine((value) => value.newPassword === value.confirmPassword, { path: ['confirmPassword'], message: SECURITY_MESSAGES.newPasswordsDoNotMatch });
export const passwordChangeResponseSchema = z.object({ message: z.string() });

const totpCodeSchema = z
  .string()
  .trim()
  .max(6, capped(SECURITY_MESSAGES.totpCodeFormat))
  .regex(/^\d{6}$/, SECURITY_MESSAGES.totpCodeFormat);

/**
 * Setting up an authenticator takes the password: the server signs in with it to ask Cognito for the
 * secret, so a session alone (a stolen token) cannot start binding an authenticator.
 */
export const totpSetupRequestSchema = z.strictObject({ password: currentPasswordSchema });
/** The secret of a new authenticator, as text and as the otpauth:// URI a QR code carries. */
export const totpSetupResponseSchema = z.object({ secret: z.string(), otpauthUri: z.string() });
/** Turning it on takes the password too: a stolen session alone must not bind someone else's authenticator. */
export const totpEnableRequestSchema = z.strictObject({ password: currentPasswordSchema, code: totpCodeSchema });
export const totpDisableRequestSchema = z.strictObject({ password: currentPasswordSchema, code: totpCodeSchema });
export const mfaStatusResponseSchema = z.object({ mfaEnabled: z.boolean() });

export const accountDeletionRequestSchema = z.strictObject({ password: currentPasswordSchema });
export const accountDeletionResponseSchema = z.object({ message: z.string() });

/**
 * Everything the product holds about the person (GET /api/me/export): one section per kind of data,
 * which later issues extend (saved items, jobs, feedback, subscription).
 */
export const dataExportSchema = z.object({
  exportedAt: z.iso.datetime(),
  account: z.record(z.string(), z.unknown()),
  profile: z.record(z.string(), z.unknown()),
  sections: z.record(z.string(), z.unknown()),
});
export type DataExport = z.infer<typeof dataExportSchema>;
