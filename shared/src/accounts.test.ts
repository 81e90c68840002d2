import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ACCOUNT_MESSAGES, adminEmail, emailSchema, isEmailAddress, signupSchema } from './accounts';
import { passwordResetRequestSchema, resendConfirmationRequestSchema } from './api/accounts';
import { adminCreateProviderSchema } from './api/admin';
import { claimRequestSchema } from './api/claims';
import { EMAIL_MAX_LENGTH } from './constants';
import { jobPostSchema } from './jobs';
import { JOB_MESSAGES } from './jobs-constants';
import { displayName, initials, splitFullName } from './names';
import { emailChangeRequestSchema, profileUpdateSchema } from './profile';
import { PROFILE_LIMITS } from './profile-fields';
import { SECURITY_MESSAGES } from './security-messages';

const client = {
  accountType: 'client',
  fullName: 'Ada Lovelace',
  email: 'ada@example.co.uk',
  location: 'London',
  password: 'correct-horse',
  confirmPassword: 'correct-horse',
} as const;
const provider = {
  ...client,
  accountType: 'provider',
  phone: '(020) 7946-0958',
  businessName: 'Ada Plumbing',
  categories: ['Construction/Trade > Plumber'],
} as const;

function fieldErrors(input: unknown): Record<string, string> {
  const result = signupSchema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('sign-up rules', () => {
  it('accepts a complete client and a complete provider', () => {
    expect(fieldErrors(client)).toEqual({});
    expect(fieldErrors(provider)).toEqual({});
  });

  it.each([
    ['fullName', { fullName: '  ' }, ACCOUNT_MESSAGES.fullNameRequired],
    ['email', { email: '' }, ACCOUNT_MESSAGES.emailRequired],
    ['email', { email: 'ada@example' }, ACCOUNT_MESSAGES.emailInvalid],
    ['location', { location: '' }, ACCOUNT_MESSAGES.locationRequired],
    ['password', { password: '', confirmPassword: '' }, ACCOUNT_MESSAGES.passwordRequired],
    ['password', { password: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters'],
    ['confirmPassword', { confirmPassword: 'different!' }, ACCOUNT_MESSAGES.passwordsDoNotMatch],
  ])('%s: %j gives its message', (field, change, message) => {
    expect(fieldErrors({ ...client, ...change })[field]).toBe(message);
  });

  it.each([
    ['phone', { phone: '' }, ACCOUNT_MESSAGES.phoneRequired],
    ['phone', { phone: '12345' }, ACCOUNT_MESSAGES.phoneInvalid],
    ['phone', { phone: '+44 20 7946 0958 1234 5' }, ACCOUNT_MESSAGES.phoneInvalid],
    ['categories', { categories: [] }, ACCOUNT_MESSAGES.categoriesRequired],
    ['businessName', { businessName: ' ' }, ACCOUNT_MESSAGES.businessNameRequired],
  ])('provider %s: %j gives its message', (field, change, message) => {
    expect(fieldErrors({ ...provider, ...change })[field]).toBe(message);
  });

  it('tells a provider who sent the form empty of every rule at once, each field its first message', () => {
    const empty = {
      accountType: 'provider',
      fullName: '',
      email: '',
      location: '',
      password: '',
      confirmPassword: '',
      phone: '',
      businessName: '',
      categories: [],
    };
    expect(fieldErrors(empty)).toEqual({
      fullName: ACCOUNT_MESSAGES.fullNameRequired,
      email: ACCOUNT_MESSAGES.emailRequired,
      location: ACCOUNT_MESSAGES.locationRequired,
      password: ACCOUNT_MESSAGES.passwordRequired,
      phone: ACCOUNT_MESSAGES.phoneRequired,
      businessName: ACCOUNT_MESSAGES.businessNameRequired,
      categories: ACCOUNT_MESSAGES.categoriesRequired,
    });
    expect(fieldErrors({ ...provider, email: '', password: 'short', confirmPassword: 'other' })).toEqual({
      email: ACCOUNT_MESSAGES.emailRequired,
      password: 'Password must be at least 8 characters',
      confirmPassword: ACCOUNT_MESSAGES.passwordsDoNotMatch,
    });
  });

  it('accepts a phone with a leading plus, spaces and brackets', () => {
    expect(fieldErrors({ ...provider, phone: '+44 (0)20 7946 0958' })).toEqual({});
  });

  it('does not ask a client for provider fields', () => {
    expect(fieldErrors({ ...client, phone: '' })).toEqual({});
  });

  it.each([
    ['fullName', { fullName: `${'A'.repeat(PROFILE_LIMITS.nameMaxChars + 1)} Lovelace` }, ACCOUNT_MESSAGES.fullNameTooLong],
    ['fullName', { fullName: `Ada ${'L'.repeat(PROFILE_LIMITS.nameMaxChars + 1)}` }, ACCOUNT_MESSAGES.fullNameTooLong],
    ['location', { location: 'L'.repeat(PROFILE_LIMITS.locationMaxChars + 1) }, `Must be at most ${PROFILE_LIMITS.locationMaxChars} characters`],
    [
      'businessName',
      { businessName: 'B'.repeat(PROFILE_LIMITS.businessNameMaxChars + 1) },
      `Must be at most ${PROFILE_LIMITS.businessNameMaxChars} characters`,
    ],
    ['phone', { phone: `+44 20 7946 0958${' '.repeat(PROFILE_LIMITS.phoneMaxChars)}1` }, `Must be at most ${PROFILE_LIMITS.phoneMaxChars} characters`],
    [
      'categories',
      { categories: Array.from({ length: PROFILE_LIMITS.maxCategories + 1 }, (_, i) => `Other: trade ${i}`) },
      `At most ${PROFILE_LIMITS.maxCategories} categories`,
    ],
    [
      'categories.0',
      { categories: [`Other: ${'x'.repeat(PROFILE_LIMITS.categoryMaxChars)}`] },
      `Must be at most ${PROFILE_LIMITS.categoryMaxChars} characters`,
    ],
    ['password', { password: 'p'.repeat(257), confirmPassword: 'p'.repeat(257) }, ACCOUNT_MESSAGES.passwordTooLong],
  ])("holds %s to the profile editor's limit: %#", (field, change, message) => {
    expect(fieldErrors({ ...provider, ...change })[field]).toBe(message);
  });

  it('refuses at sign-up exactly what the profile editor refuses, and takes what it takes', () => {
    const longest = {
      firstName: 'F'.repeat(PROFILE_LIMITS.nameMaxChars),
      lastName: 'L'.repeat(PROFILE_LIMITS.nameMaxChars),
      location: 'l'.repeat(PROFILE_LIMITS.locationMaxChars),
      businessName: 'b'.repeat(PROFILE_LIMITS.businessNameMaxChars),
    };
    expect(profileUpdateSchema.safeParse(longest).success).toBe(true);
    expect(
      fieldErrors({ ...provider, fullName: `${longest.firstName} ${longest.lastName}`, location: longest.location, businessName: longest.businessName }),
    ).toEqual({});
    for (const [field, value] of Object.entries(longest)) {
      expect(profileUpdateSchema.safeParse({ [field]: `${value}x` }).success, field).toBe(false);
    }
  });

  it('keeps a category in its one stored form, as the profile editor does', () => {
    expect(signupSchema.parse({ ...provider, categories: ['Other:  Piano tuning '] }).categories).toEqual(['Other: Piano tuning']);
  });

  it('lower-cases the e-mail', () => {
    expect(signupSchema.parse({ ...client, email: ' Ada@Example.CO.UK ' }).email).toBe('ada@example.co.uk');
  });
});

describe('names', () => {
  it('splits the full name on the first space', () => {
    expect(splitFullName('Mary Ann  Evans')).toEqual({ firstName: 'Mary', lastName: 'Ann Evans' });
    expect(splitFullName('Cher')).toEqual({ firstName: 'Cher', lastName: '' });
  });

  it('falls back from names to e-mail to User', () => {
    expect(displayName({ firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
    expect(displayName({ firstName: '', lastName: '', email: 'ada@example.com' })).toBe('ada@example.com');
    expect(displayName({})).toBe('User');
  });

  it('takes the first two initials', () => {
    expect(initials('Ada Lovelace')).toBe('AL');
    expect(initials('Mary Ann Evans')).toBe('MA');
    expect(initials('User')).toBe('U');
  });
});

describe('admin sign-in names', () => {
  it('maps a username into the admin domain, lower-cased and trimmed', () => {
    expect(adminEmail('  Root ', 'admin.solutionz.test')).toBe('root@admin.solutionz.test');
  });

  it('keeps an entry that is already an address', () => {
    expect(adminEmail(' Chloe@Example.co.uk ', 'admin.solutionz.test')).toBe('chloe@example.co.uk');
  });
});

/** An address of exactly `length` characters: `a…a@example.test`. */
const addressOfLength = (length: number) => `${'a'.repeat(length - '@example.test'.length)}@example.test`;

const PLAIN_ADDRESSES = [
  'ada@example.co.uk',
  'Ada.Lovelace@Example.CO.UK',
  'ada+invoices@example.test',
  "o'brien@example.ie",
  'first_last-name@mail.sub.example.test',
  'josé@exämple.test',
  '1234@123.example',
  addressOfLength(EMAIL_MAX_LENGTH),
];

const NOT_PLAIN_ADDRESSES = [
  'x<someone@example.test>',
  'Ada Lovelace <ada@example.test>',
  '<ada@example.test>',
  '"a b"@example.test',
  '"ada"@example.test',
  'a@b,c@d.test',
  'ada@example.test, bob@example.test',
  'group: a@b.test;',
  'ada@example.test;',
  'ada:x@example.test',
  'ada lovelace@example.test',
  'ada@exa mple.test',
  'ada@example.test (Ada)',
  '(Ada)ada@example.test',
  'ada@[192.0.2.1]',
  'ada\\@example.test',
  'ada@example',
  'ada@@example.test',
  'ada@',
  '@example.test',
  '.ada@example.test',
  'ada.@example.test',
  'a..b@example.test',
  'ada@example..test',
  'ada@.example.test',
  'ada@example.test.',
  'ada@exam_ple.test',
];

/** The first message each address field gives, or undefined when it takes the address. */
const firstMessage = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe('e-mail addresses', () => {
  it.each(PLAIN_ADDRESSES)('takes the plain address %s, lower-cased', (address) => {
    expect(emailSchema.parse(` ${address} `)).toBe(address.toLowerCase());
    expect(isEmailAddress(address)).toBe(true);
  });

  it.each(NOT_PLAIN_ADDRESSES)('refuses %s: a name, group, quoted or bracketed part, list or malformed address', (address) => {
    expect(firstMessage(emailSchema, address)).toBe(ACCOUNT_MESSAGES.emailInvalid);
    expect(isEmailAddress(address)).toBe(false);
  });

  it('refuses an address over 254 characters with its own message, before any pattern', () => {
    expect(firstMessage(emailSchema, addressOfLength(EMAIL_MAX_LENGTH + 1))).toBe(ACCOUNT_MESSAGES.emailTooLong);
    expect(ACCOUNT_MESSAGES.emailTooLong).toBe('Email must be at most 254 characters');
    expect(isEmailAddress(addressOfLength(EMAIL_MAX_LENGTH + 1))).toBe(false);
    // 100 KB that a backtracking pattern would take seconds over: one issue, the length's.
    const hostile = emailSchema.safeParse(`a@${'.'.repeat(100_000)}@`);
    expect(hostile.error?.issues.map(({ code, message }) => ({ code, message }))).toEqual([{ code: 'too_big', message: ACCOUNT_MESSAGES.emailTooLong }]);
    expect(firstMessage(emailSchema, '')).toBe(ACCOUNT_MESSAGES.emailRequired);
  });

  it('is the one rule of every address field, each with its own wording', () => {
    const fields: [string, (address: string) => unknown, z.ZodType, string][] = [
      ['sign-up', (email) => ({ ...client, email }), signupSchema, ACCOUNT_MESSAGES.emailInvalid],
      ['resend', (email) => ({ email }), resendConfirmationRequestSchema, ACCOUNT_MESSAGES.emailInvalid],
      ['password reset', (email) => ({ email }), passwordResetRequestSchema, ACCOUNT_MESSAGES.emailInvalid],
      ['claim', (email) => ({ fullName: 'Ada Lovelace', email }), claimRequestSchema, ACCOUNT_MESSAGES.emailInvalid],
      ['e-mail change', (newEmail) => ({ newEmail, currentPassword: 'correct-horse' }), emailChangeRequestSchema, SECURITY_MESSAGES.emailInvalid],
      [
        'admin create provider',
        (businessEmail) => ({ firstName: 'Ada', lastName: 'Lovelace', businessName: 'Ada Plumbing', businessEmail }),
        adminCreateProviderSchema,
        ACCOUNT_MESSAGES.emailInvalid,
      ],
      [
        'job contact',
        (contactEmail) => ({ title: 'Fence', description: 'Mend a fence', contactEmail, categories: ['Gardening and Outdoors'], location: 'York' }),
        jobPostSchema,
        JOB_MESSAGES.contactEmailInvalid,
      ],
    ];
    for (const [name, body, schema, invalid] of fields) {
      for (const address of PLAIN_ADDRESSES) expect(schema.safeParse(body(address)).success, `${name}: ${address}`).toBe(true);
      for (const address of NOT_PLAIN_ADDRESSES) expect(firstMessage(schema, body(address)), `${name}: ${address}`).toBe(invalid);
      expect(firstMessage(schema, body(addressOfLength(EMAIL_MAX_LENGTH + 1))), name).toBe(ACCOUNT_MESSAGES.emailTooLong);
    }
  });
});
