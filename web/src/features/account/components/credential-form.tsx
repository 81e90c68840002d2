import { Button, chakra, HStack, NativeSelect, Progress, Stack, Text } from '@chakra-ui/react';
import { useRef, useState, type FormEvent } from 'react';
import {
  CREDENTIAL_EVIDENCE_ACCEPT,
  CREDENTIAL_LIMITS,
  CREDENTIAL_OPTION_TYPES,
  CREDENTIAL_TYPE_LABELS,
  CREDENTIAL_TYPES,
  credentialInputSchema,
  evidenceUploadRequestSchema,
  type CredentialInput,
  type CredentialOption,
  type CredentialType,
  type OwnCredential,
} from '@solutionz/shared';
import { FieldShell, FormField } from '@/components/forms/form-field';

type Values = Record<'type' | 'optionId' | 'number' | 'insurer' | 'coverPounds' | 'awardingBody' | 'name' | 'issuedOn' | 'expiresOn', string>;
export type FieldErrors = Partial<Record<keyof Values | 'file', string>>;

const EMPTY: Values = { type: '', optionId: '', number: '', insurer: '', coverPounds: '', awardingBody: '', name: '', issuedOn: '', expiresOn: '' };

const OPTION_LABELS: Readonly<Record<string, string>> = { registration: 'Scheme', insurance: 'Kind of insurance', dbs: 'Level' };

function valuesOf(credential: OwnCredential | undefined): Values {
  if (!credential) return EMPTY;
  return {
    type: credential.type,
    optionId: credential.optionId ?? '',
    number: credential.number ?? '',
    insurer: credential.insurer ?? '',
    coverPounds: credential.coverPounds === null ? '' : String(credential.coverPounds),
    awardingBody: credential.awardingBody ?? '',
    name: credential.type === 'qualification' ? credential.title : '',
    issuedOn: credential.issuedOn ?? '',
    expiresOn: credential.expiresOn ?? '',
  };
}

/** The request body of the typed values, only the fields of the chosen type, for the shared schema to judge. */
function inputOf(values: Values): unknown {
  const cover = values.coverPounds.trim() === '' ? undefined : Number(values.coverPounds.replace(/[£,\s]/g, ''));
  switch (values.type) {
    case 'registration':
      return { type: 'registration', optionId: values.optionId, number: values.number, ...(values.expiresOn ? { expiresOn: values.expiresOn } : {}) };
    case 'insurance':
      return { type: 'insurance', optionId: values.optionId, insurer: values.insurer, coverPounds: cover, expiresOn: values.expiresOn };
    case 'qualification':
      return { type: 'qualification', name: values.name, awardingBody: values.awardingBody, issuedOn: values.issuedOn };
    case 'dbs':
      return { type: 'dbs', optionId: values.optionId, issuedOn: values.issuedOn };
    default:
      return { type: undefined };
  }
}

/** The fields of the chosen kind (the scheme, kind or level is chosen above them). */
function TypeFields({
  type,
  values,
  errors: shown,
  set,
}: {
  type: CredentialType | '';
  values: Values;
  errors: FieldErrors;
  set: (field: keyof Values) => (value: string) => void;
}) {
  return (
    <>
      {type === 'registration' && (
        <FormField
          label="Registration number"
          required
          value={values.number}
          maxLength={CREDENTIAL_LIMITS.numberMaxChars}
          onChange={(event) => set('number')(event.target.value)}
          error={shown.number}
        />
      )}
      {type === 'insurance' && (
        <>
          <FormField
            label="Insurer"
            required
            value={values.insurer}
            maxLength={CREDENTIAL_LIMITS.insurerMaxChars}
            onChange={(event) => set('insurer')(event.target.value)}
            error={shown.insurer}
          />
          <FormField
            label="Cover (£)"
            required
            inputMode="numeric"
            value={values.coverPounds}
            onChange={(event) => set('coverPounds')(event.target.value)}
            error={shown.coverPounds}
          />
        </>
      )}
      {type === 'qualification' && (
        <>
          <FormField
            label="Qualification"
            required
            value={values.name}
            maxLength={CREDENTIAL_LIMITS.nameMaxChars}
            onChange={(event) => set('name')(event.target.value)}
            error={shown.name}
          />
          <FormField
            label="Awarding body"
            required
            value={values.awardingBody}
            maxLength={CREDENTIAL_LIMITS.awardingBodyMaxChars}
            onChange={(event) => set('awardingBody')(event.target.value)}
            error={shown.awardingBody}
          />
        </>
      )}
      {(type === 'qualification' || type === 'dbs') && (
        <FormField
          label={type === 'dbs' ? 'Date of the check' : 'Date awarded'}
          required
          type="date"
          value={values.issuedOn}
          onChange={(event) => set('issuedOn')(event.target.value)}
          error={shown.issuedOn}
        />
      )}
      {(type === 'insurance' || type === 'registration') && (
        <FormField
          label="Expiry date"
          required={type === 'insurance'}
          type="date"
          value={values.expiresOn}
          onChange={(event) => set('expiresOn')(event.target.value)}
          error={shown.expiresOn}
        />
      )}
    </>
  );
}

/** How much of the document has gone. */
function UploadProgress({ share }: { share: number }) {
  const percent = Math.round(share * 100);
  return (
    <Progress.Root value={percent} width="full">
      <HStack justify="space-between" mb="1" fontSize="sm">
        <Progress.Label fontWeight="medium">Uploading the document</Progress.Label>
        <Progress.ValueText>{percent}%</Progress.ValueText>
      </HStack>
      <Progress.Track aria-label="Uploading the document" height="2" bg="bg.muted" borderRadius="full" overflow="hidden">
        <Progress.Range height="full" bg="brand.solid" />
      </Progress.Track>
    </Progress.Root>
  );
}

export interface CredentialFormProps {
  /** The credential being changed; a new one when absent. */
  readonly credential?: OwnCredential;
  readonly options: readonly CredentialOption[];
  readonly busy: boolean;
  /** The share of the document sent so far, while it uploads. */
  readonly progress: number | undefined;
  /** What the server refused, by field. */
  readonly serverErrors: FieldErrors;
  readonly onSubmit: (input: CredentialInput, file: File | undefined) => void;
  readonly onCancel?: () => void;
}

/**
 * Adds or changes a credential (docs/product/credentials.md#adding-credentials): the fields of the chosen kind, checked with
 * the shared schema so the browser and the API give the same messages, and the evidence document with its progress.
 */
export function CredentialForm({ credential, options, busy, progress, serverErrors, onSubmit, onCancel }: CredentialFormProps) {
  const [values, setValues] = useState<Values>(() => valuesOf(credential));
  const [file, setFile] = useState<File>();
  const [errors, setErrors] = useState<FieldErrors>({});
  const fileInput = useRef<HTMLInputElement>(null);
  const shown = { ...serverErrors, ...errors };
  const set = (field: keyof Values) => (value: string) => {
    setValues((before) => ({ ...before, [field]: value }));
    setErrors((before) => ({ ...before, [field]: undefined }));
  };
  const type = values.type as CredentialType | '';
  const choices = options.filter((option) => option.type === type);
  const picksOption = (CREDENTIAL_OPTION_TYPES as readonly string[]).includes(type);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = credentialInputSchema.safeParse(inputOf(values));
    const fileProblem = file ? evidenceUploadRequestSchema.safeParse({ name: file.name || 'evidence', type: file.type, size: file.size }) : undefined;
    const found: FieldErrors = {};
    for (const issue of parsed.error?.issues ?? []) found[(issue.path[0] as keyof Values | undefined) ?? 'type'] ??= issue.message;
    if (fileProblem && !fileProblem.success) found.file = fileProblem.error.issues[0]?.message;
    setErrors(found);
    if (parsed.success && !found.file) onSubmit(parsed.data, file);
  };

  return (
    <chakra.form noValidate onSubmit={submit} aria-label={credential ? 'Change credential' : 'Add a credential'}>
      <Stack gap="4">
        <FieldShell label="Kind of credential" required error={shown.type}>
          <NativeSelect.Root disabled={Boolean(credential)}>
            <NativeSelect.Field value={values.type} onChange={(event) => setValues({ ...EMPTY, type: event.currentTarget.value })}>
              <option value="" disabled>
                Choose a kind
              </option>
              {CREDENTIAL_TYPES.map((value) => (
                <option key={value} value={value}>
                  {CREDENTIAL_TYPE_LABELS[value]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FieldShell>
        {picksOption && (
          <FieldShell label={OPTION_LABELS[type]!} required error={shown.optionId}>
            <NativeSelect.Root>
              <NativeSelect.Field value={values.optionId} onChange={(event) => set('optionId')(event.currentTarget.value)}>
                <option value="" disabled>
                  Choose one
                </option>
                {credential?.optionId && !choices.some((option) => option.optionId === credential.optionId) && (
                  <option value={credential.optionId}>{credential.title}</option>
                )}
                {choices.map((option) => (
                  <option key={option.optionId} value={option.optionId}>
                    {option.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FieldShell>
        )}
        <TypeFields type={type} values={values} errors={shown} set={set} />
        {type && (
          <FieldShell label={credential?.evidence ? 'Replace the evidence document' : 'Evidence document'} error={shown.file}>
            <HStack gap="3" flexWrap="wrap">
              <Button type="button" variant="outline" size="sm" onClick={() => fileInput.current?.click()} disabled={busy}>
                Choose file
              </Button>
              <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
                {file ? file.name : 'A PDF (up to 5MB) or a photo (up to 10MB) of the certificate, schedule or card'}
              </Text>
            </HStack>
            <chakra.input
              ref={fileInput}
              type="file"
              accept={CREDENTIAL_EVIDENCE_ACCEPT}
              hidden
              aria-label="Evidence document"
              onChange={(event) => {
                setFile(event.currentTarget.files?.[0]);
                setErrors((before) => ({ ...before, file: undefined }));
              }}
            />
          </FieldShell>
        )}
        {progress !== undefined && <UploadProgress share={progress} />}
        <HStack gap="2">
          <Button type="submit" loading={busy} loadingText="Saving...">
            {credential ? 'Save changes' : 'Save credential'}
          </Button>
          {onCancel && (
            <Button type="button" variant="ghost" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
          )}
        </HStack>
      </Stack>
    </chakra.form>
  );
}
