// What the credential screens show and say, apart from the schemas in credentials.ts: the provider page and the
// directory read these, and a module that builds zod schemas as it loads would bring zod into those pages.
/**
 * Checked credentials (docs/product/credentials.md): trade registrations, insurance, qualifications and DBS checks a
 * provider adds, with an evidence document each, that an admin checks. Only checked, unexpired facts are public.
 * The schemes, kinds and levels are data an admin edits (the seed below is what a new table starts with).
 */

export const CREDENTIAL_TYPES = ['registration', 'insurance', 'qualification', 'dbs'] as const;
export type CredentialType = (typeof CREDENTIAL_TYPES)[number];

/** `expired`: checked, but its expiry date has passed (worked out when read, never stored). */
export const CREDENTIAL_STATUSES = ['pending', 'verified', 'rejected', 'expired'] as const;
export type CredentialStatus = (typeof CREDENTIAL_STATUSES)[number];

/** The types whose entries pick a scheme, kind or level from the admin's list (a qualification is named freely). */
export const CREDENTIAL_OPTION_TYPES = ['registration', 'insurance', 'dbs'] as const;
export type CredentialOptionType = (typeof CREDENTIAL_OPTION_TYPES)[number];

export const CREDENTIAL_TYPE_LABELS: Readonly<Record<CredentialType, string>> = {
  registration: 'Trade registration',
  insurance: 'Insurance',
  qualification: 'Qualification',
  dbs: 'DBS check',
};

/** What the admin's list of each option type is called. */
export const CREDENTIAL_OPTION_TYPE_LABELS: Readonly<Record<CredentialOptionType, string>> = {
  registration: 'Registration schemes',
  insurance: 'Insurance kinds',
  dbs: 'DBS levels',
};

/** The schemes, kinds and levels a new table starts with; ids are stable, names an admin may change. */
// prettier-ignore
export const CREDENTIAL_OPTION_SEED: readonly { optionId: string; type: CredentialOptionType; name: string }[] = [
  { optionId: 'gas-safe', type: 'registration', name: 'Gas Safe Register' },
  { optionId: 'niceic', type: 'registration', name: 'NICEIC' },
  { optionId: 'napit', type: 'registration', name: 'NAPIT' },
  { optionId: 'fensa', type: 'registration', name: 'FENSA' },
  { optionId: 'oftec', type: 'registration', name: 'OFTEC' },
  { optionId: 'hetas', type: 'registration', name: 'HETAS' },
  { optionId: 'public-liability', type: 'insurance', name: 'Public liability' },
  { optionId: 'employers-liability', type: 'insurance', name: "Employers' liability" },
  { optionId: 'professional-indemnity', type: 'insurance', name: 'Professional indemnity' },
  { optionId: 'dbs-basic', type: 'dbs', name: 'Basic' },
  { optionId: 'dbs-standard', type: 'dbs', name: 'Standard' },
  { optionId: 'dbs-enhanced', type: 'dbs', name: 'Enhanced' },
];

export const CREDENTIAL_LIMITS = {
  perProvider: 20,
  numberMaxChars: 40,
  nameMaxChars: 100,
  insurerMaxChars: 100,
  awardingBodyMaxChars: 100,
  /** Pounds of cover, whole pounds. */
  coverMaxPounds: 100_000_000,
  optionNameMaxChars: 60,
  optionsPerType: 40,
  /** Evidence: a photo or scan up to 10 MB, a PDF up to 5 MB (a certificate or schedule needs no more). */
  imageMaxBytes: 10 * 1024 * 1024,
  pdfMaxBytes: 5 * 1024 * 1024,
  /** Evidence uploads one provider may start a day. */
  uploadsPerDay: 30,
  filenameMaxChars: 255,
  /** Reminder mails go this many days before the expiry date, once each. */
  reminderDays: [30, 7],
  queuePageSize: 20,
} as const;

export const CREDENTIAL_EVIDENCE_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;
export type CredentialEvidenceType = (typeof CREDENTIAL_EVIDENCE_TYPES)[number];
export const CREDENTIAL_EVIDENCE_ACCEPT = CREDENTIAL_EVIDENCE_TYPES.join(',');
export const evidenceMaxBytes = (type: string) => (type === 'application/pdf' ? CREDENTIAL_LIMITS.pdfMaxBytes : CREDENTIAL_LIMITS.imageMaxBytes);

export const CREDENTIAL_MESSAGES = {
  providersOnly: 'Only service providers can add credentials.',
  typeRequired: 'Choose what kind of credential this is.',
  typeFixed: 'A credential keeps its kind. Remove it and add a new one instead.',
  optionRequired: 'Choose one from the list.',
  optionUnknown: 'This choice is no longer offered. Please choose another.',
  numberRequired: 'Enter the registration number.',
  numberTooLong: `A registration number is at most ${CREDENTIAL_LIMITS.numberMaxChars} characters.`,
  numberFormat: 'A registration number has only letters, digits, spaces, dashes and slashes.',
  nameRequired: 'Enter the name of the qualification.',
  nameTooLong: `A name is at most ${CREDENTIAL_LIMITS.nameMaxChars} characters.`,
  insurerRequired: 'Enter the insurer.',
  insurerTooLong: `An insurer's name is at most ${CREDENTIAL_LIMITS.insurerMaxChars} characters.`,
  awardingBodyRequired: 'Enter the awarding body.',
  awardingBodyTooLong: `An awarding body's name is at most ${CREDENTIAL_LIMITS.awardingBodyMaxChars} characters.`,
  coverRequired: 'Enter the amount of cover in whole pounds.',
  coverRange: `Cover is between £1 and £${CREDENTIAL_LIMITS.coverMaxPounds.toLocaleString('en-GB')}.`,
  dateRequired: 'Enter a date.',
  dateFormat: 'Enter a real date.',
  dateInFuture: 'This date cannot be in the future.',
  expiryRequired: 'Enter the expiry date.',
  expiryPassed: 'This expiry date has passed.',
  tooMany: `You can add at most ${CREDENTIAL_LIMITS.perProvider} credentials.`,
  notFound: 'This credential does not exist or is not yours.',
  changedMeanwhile: 'This credential has changed since it was loaded. Please reload and try again.',
  evidenceWrongType: 'The evidence must be a PDF or a JPEG, PNG or WEBP image.',
  evidenceTooLarge: 'The evidence is too large: a PDF may be up to 5MB and an image up to 10MB.',
  evidenceUploadFailed: 'The document could not be uploaded. Please try again.',
  evidenceNotFound: 'There is no evidence document for this credential.',
  evidenceRequired: 'A credential needs its evidence document before it can be checked.',
  uploadsCapped: `You can upload ${CREDENTIAL_LIMITS.uploadsPerDay} documents a day. Please try again tomorrow.`,
  optionNameRequired: 'Enter a name.',
  optionNameTooLong: `A name is at most ${CREDENTIAL_LIMITS.optionNameMaxChars} characters.`,
  optionNameTaken: 'There is already one with this name.',
  optionsFull: `A list holds at most ${CREDENTIAL_LIMITS.optionsPerType} entries.`,
  optionNotFound: 'This entry does not exist.',
  notPending: 'This credential is not waiting to be checked any more.',
  rejectReasonRequired: 'Say why the credential is rejected.',
} as const;

/** Today's UK calendar date as `yyyy-mm-dd`: expiry dates are UK days. */
export function ukDate(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** A checked credential counts as checked until the end of its expiry day. */
export const isExpired = (expiresOn: string | null | undefined, now: Date) => !!expiresOn && expiresOn < ukDate(now);
