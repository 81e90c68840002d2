import { Stack, Text } from '@chakra-ui/react';
import { CREDENTIAL_TYPE_LABELS, DATE_FORMATS, type OwnCredential, type PublicCredential } from '@solutionz/shared';
import { formatUkDate } from '@/lib/uk-date';

type Facts = Pick<PublicCredential, 'type' | 'title' | 'number' | 'insurer' | 'coverPounds' | 'awardingBody' | 'issuedOn' | 'expiresOn'>;

/** A calendar day (yyyy-mm-dd) as the site writes dates. */
export const credentialDay = (day: string) => formatUkDate(`${day}T12:00:00Z`, DATE_FORMATS.short);

const pounds = (value: number) => `£${value.toLocaleString('en-GB')}`;

/** The lines that describe a credential, in the words a visitor reads. */
function factLines(credential: Facts): string[] {
  return [
    ...(credential.number ? [`Registration number ${credential.number}`] : []),
    ...(credential.insurer ? [`Insurer ${credential.insurer}`] : []),
    ...(credential.coverPounds ? [`Cover ${pounds(credential.coverPounds)}`] : []),
    ...(credential.awardingBody ? [`Awarded by ${credential.awardingBody}`] : []),
    ...(credential.issuedOn ? [`${credential.type === 'dbs' ? 'Issued' : 'Awarded'} ${credentialDay(credential.issuedOn)}`] : []),
    ...(credential.expiresOn ? [`Expires ${credentialDay(credential.expiresOn)}`] : []),
  ];
}

/** What a credential is: its kind, its title, then its facts. */
export function CredentialFacts({ credential }: { credential: Facts | OwnCredential }) {
  const title = credential.type === 'dbs' ? `DBS check: ${credential.title}` : credential.title;
  return (
    <Stack gap="0.5" minW="0">
      <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
        {CREDENTIAL_TYPE_LABELS[credential.type]}
      </Text>
      <Text fontWeight="semibold" overflowWrap="anywhere">
        {title}
      </Text>
      {factLines(credential).map((line) => (
        <Text key={line} fontSize="sm" color="fg.muted" overflowWrap="anywhere">
          {line}
        </Text>
      ))}
    </Stack>
  );
}

/** Opens an evidence document (fetched with the session: it is never at a public address) in a new tab. */
export function openEvidence(file: { contentType: string; bytes: Uint8Array }): void {
  const url = URL.createObjectURL(new Blob([new Uint8Array(file.bytes)], { type: file.contentType }));
  window.open(url, '_blank', 'noopener');
  // The tab has read it by then; the address is not kept.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
