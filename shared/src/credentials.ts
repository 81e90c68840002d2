import { z } from 'zod';
import { capped } from './profile-limits';
import {
  CREDENTIAL_EVIDENCE_TYPES,
  CREDENTIAL_LIMITS,
  CREDENTIAL_MESSAGES,
  CREDENTIAL_OPTION_TYPES,
  CREDENTIAL_STATUSES,
  CREDENTIAL_TYPES,
  evidenceMaxBytes,
} from './credential-constants';

const M = CREDENTIAL_MESSAGES;

/** A calendar date as `yyyy-mm-dd` that exists (no 31 February). */
const dateSchema = (required: string) =>
  z
    .string(required)
    .trim()
    .min(1, required)
    .max(10, capped(M.dateFormat))
    .regex(/^\d{4}-\d{2}-\d{2}$/, M.dateFormat)
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && value >= '1950-01-01';
    }, M.dateFormat);

const optionId = z.string(M.optionRequired).trim().min(1, M.optionRequired).max(60, capped(M.optionUnknown));
const text = (required: string, max: number, tooLong: string) => z.string(required).trim().min(1, required).max(max, capped(tooLong));

const registrationInput = z.strictObject({
  type: z.literal('registration'),
  optionId,
  number: text(M.numberRequired, CREDENTIAL_LIMITS.numberMaxChars, M.numberTooLong).regex(/^\w[\w /-]*$/, M.numberFormat),
  expiresOn: dateSchema(M.dateRequired).optional(),
});
const insuranceInput = z.strictObject({
  type: z.literal('insurance'),
  optionId,
  insurer: text(M.insurerRequired, CREDENTIAL_LIMITS.insurerMaxChars, M.insurerTooLong),
  coverPounds: z.number(M.coverRequired).int(M.coverRequired).min(1, M.coverRange).max(CREDENTIAL_LIMITS.coverMaxPounds, M.coverRange),
  expiresOn: dateSchema(M.expiryRequired),
});
const qualificationInput = z.strictObject({
  type: z.literal('qualification'),
  name: text(M.nameRequired, CREDENTIAL_LIMITS.nameMaxChars, M.nameTooLong),
  awardingBody: text(M.awardingBodyRequired, CREDENTIAL_LIMITS.awardingBodyMaxChars, M.awardingBodyTooLong),
  issuedOn: dateSchema(M.dateRequired),
});
const dbsInput = z.strictObject({ type: z.literal('dbs'), optionId, issuedOn: dateSchema(M.dateRequired) });

/**
 * Only these names, whatever the type: a body naming another field is refused by that name before its type is looked
 * at (a union alone cannot tell an unknown field from another type's).
 */
export function onlyKeysOf(options: readonly z.ZodObject[]) {
  const keys = [...new Set(options.flatMap((option) => Object.keys(option.shape)))];
  return z.strictObject(Object.fromEntries(keys.map((key) => [key, z.unknown().optional()])));
}

const CREDENTIAL_INPUTS = [registrationInput, insuranceInput, qualificationInput, dbsInput] as const;

/** What a provider types for one credential; the evidence document is uploaded apart. */
export const credentialInputSchema = onlyKeysOf(CREDENTIAL_INPUTS).pipe(z.discriminatedUnion('type', CREDENTIAL_INPUTS, { error: M.typeRequired }));
export type CredentialInput = z.infer<typeof credentialInputSchema>;

export const credentialParamsSchema = z.object({ credentialId: z.string().trim().min(1).max(64) });

const reasonSchema = z.object({ code: z.string(), note: z.string() });

/** The facts of a credential as its provider and admins see them. */
const credentialFactsSchema = z.object({
  id: z.string(),
  type: z.enum(CREDENTIAL_TYPES),
  optionId: z.string().nullable(),
  /** The scheme, kind or level as named now, or the qualification's name. */
  title: z.string(),
  number: z.string().nullable(),
  insurer: z.string().nullable(),
  coverPounds: z.number().nullable(),
  awardingBody: z.string().nullable(),
  issuedOn: z.string().nullable(),
  expiresOn: z.string().nullable(),
});

export const ownCredentialSchema = credentialFactsSchema.extend({
  status: z.enum(CREDENTIAL_STATUSES),
  submittedAt: z.string(),
  checkedAt: z.string().nullable(),
  rejectReason: reasonSchema.nullable(),
  evidence: z.object({ contentType: z.enum(CREDENTIAL_EVIDENCE_TYPES), size: z.number() }).nullable(),
});
export type OwnCredential = z.infer<typeof ownCredentialSchema>;
export const ownCredentialsSchema = z.object({ credentials: z.array(ownCredentialSchema) });

/** What a visitor sees: checked, unexpired facts only, with the day they were checked. */
const publicCredentialSchema = credentialFactsSchema.omit({ optionId: true }).extend({ checkedOn: z.string() });
export type PublicCredential = z.infer<typeof publicCredentialSchema>;
export const publicCredentialsSchema = z.object({ credentials: z.array(publicCredentialSchema) });

export const credentialOptionSchema = z.object({ optionId: z.string(), type: z.enum(CREDENTIAL_OPTION_TYPES), name: z.string() });
export type CredentialOption = z.infer<typeof credentialOptionSchema>;
export const credentialOptionsSchema = z.object({ options: z.array(credentialOptionSchema) });

export const credentialDeletedSchema = z.object({ deleted: z.literal(true) });

export const evidenceUploadRequestSchema = z
  .strictObject({
    name: z.string().trim().min(1).max(CREDENTIAL_LIMITS.filenameMaxChars, capped(M.evidenceUploadFailed)),
    type: z.string().trim().max(100, capped(M.evidenceWrongType)),
    size: z.number().int().positive(),
  })
  .superRefine((file, context) => {
    if (!(CREDENTIAL_EVIDENCE_TYPES as readonly string[]).includes(file.type))
      context.addIssue({ code: 'custom', path: ['type'], message: M.evidenceWrongType });
    else if (file.size > evidenceMaxBytes(file.type)) context.addIssue({ code: 'custom', path: ['size'], message: M.evidenceTooLarge });
  });
export type EvidenceUploadRequest = z.infer<typeof evidenceUploadRequestSchema>;

export const evidenceUploadGrantSchema = z.object({
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  key: z.string(),
  maxBytes: z.number().int().positive(),
  uploadId: z.string(),
});
export type EvidenceUploadGrant = z.infer<typeof evidenceUploadGrantSchema>;
export const evidenceAttachSchema = z.strictObject({
  uploadId: z
    .string()
    .max(64, capped(M.evidenceUploadFailed))
    .regex(/^[\w-]{1,64}$/, M.evidenceUploadFailed),
});

/** A file's bytes, answered as they are (binary routes). */
export const evidenceBytesSchema = z.object({ contentType: z.string(), bytes: z.custom<Uint8Array>((value) => value instanceof Uint8Array) });

// ── Admin ─────────────────────────────────────────────────────────────────────────────────────────

export const credentialQueueQuerySchema = z.object({
  type: z.enum(CREDENTIAL_TYPES).optional(),
  cursor: z.string().max(1000).optional(),
});

const queuedCredentialSchema = ownCredentialSchema.extend({ provider: z.object({ id: z.string(), name: z.string() }) });
export type QueuedCredential = z.infer<typeof queuedCredentialSchema>;
export const credentialQueueSchema = z.object({ credentials: z.array(queuedCredentialSchema), nextCursor: z.string().nullable() });

export const providerCredentialParamsSchema = credentialParamsSchema.extend({ providerId: z.string().trim().min(1).max(128) });

export const credentialOptionNameSchema = text(M.optionNameRequired, CREDENTIAL_LIMITS.optionNameMaxChars, M.optionNameTooLong);
export const credentialOptionCreateSchema = z.strictObject({ type: z.enum(CREDENTIAL_OPTION_TYPES, M.typeRequired), name: credentialOptionNameSchema });
export const credentialOptionUpdateSchema = z.strictObject({ name: credentialOptionNameSchema });
export const credentialOptionParamsSchema = z.object({ optionId: z.string().trim().min(1).max(60) });
