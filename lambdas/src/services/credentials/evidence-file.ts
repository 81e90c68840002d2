import { CREDENTIAL_LIMITS, type CredentialEvidenceType } from '@solutionz/shared';
import { checkedImage } from '../profiles/portfolio-media';

export type CheckedEvidence =
  { readonly ok: true; readonly contentType: CredentialEvidenceType; readonly bytes: Buffer } | { readonly ok: false; readonly problem: 'type' | 'size' };

/** The end-of-file marker a whole PDF carries in its last kilobyte (after it, at most trailing whitespace). */
const PDF_TAIL_BYTES = 1024;

/** A PDF must be whole: its header at the start and `%%EOF` at its end, so a cut-off upload or a disguised file fails. */
function isWholePdf(bytes: Buffer): boolean {
  return bytes.subarray(0, 5).toString('latin1') === '%PDF-' && bytes.subarray(-PDF_TAIL_BYTES).toString('latin1').includes('%%EOF');
}

/**
 * An evidence document is trusted by its bytes only (docs/security.md#uploads): a whole PDF within its cap, kept as
 * it is; or a JPEG, PNG or WEBP that decodes, re-encoded as WebP without metadata (a phone photo's GPS position
 * stays behind). Anything else is refused.
 */
export async function checkEvidence(bytes: Buffer): Promise<CheckedEvidence> {
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(bytes);
  if (detected?.mime === 'application/pdf') {
    if (bytes.length > CREDENTIAL_LIMITS.pdfMaxBytes) return { ok: false, problem: 'size' };
    return isWholePdf(bytes) ? { ok: true, contentType: 'application/pdf', bytes } : { ok: false, problem: 'type' };
  }
  const image = await checkedImage(bytes);
  return image ? { ok: true, contentType: 'image/webp', bytes: image.webp } : { ok: false, problem: 'type' };
}
