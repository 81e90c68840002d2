import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CREDENTIAL_LIMITS, CREDENTIAL_MESSAGES as M, providerSearchQuerySchema, type CredentialInput } from '@solutionz/shared';
import type { OutgoingMail } from '../../adapters/ses-mailer';
import type { AuthorizedCaller } from '../../auth/caller';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import { useTestTable } from '../../testing/dynamodb-table';
import { useTestMediaBucket } from '../../testing/media-bucket';
import { profileOnlyPerson } from '../../testing/profile-only-person';
import { fakeGeocoder } from '../../testing/fake-geocoder';
import { searchProviders } from '../directory/search';
import { unsubscribeMessageMails } from '../messages/message-mails';
import { personalDataRegistry } from '../privacy/registry';
import { attachEvidence, createEvidenceUpload, getMyEvidence } from './evidence';
import { evidenceKey, evidenceUploadPrefix } from './evidence-keys';
import { createCredentialOption, offeredOptions, removeCredentialOption, renameCredentialOption } from './options';
import { createCredential, deleteCredential, getProviderCredentials, listMyCredentials, updateCredential } from './own';
import { runCredentialReminders } from './reminders';
import { adminEvidence, credentialQueue, decideCredential } from './review';

const table = useTestTable();
const media = useTestMediaBucket();

const NOW = new Date('2026-11-26T12:00:00Z');
let now = NOW;
const sent: OutgoingMail[] = [];

const deps = () => ({
  credentials: table.repositories.credentials,
  accounts: table.repositories.accounts,
  directory: table.repositories.directory,
  admin: table.repositories.admin,
  evidenceFiles: media.storage,
  rateLimits: table.repositories.rateLimits,
  mails: table.repositories.messageMails,
  mailer: { send: async (mail: OutgoingMail) => void sent.push(mail) },
  config: { siteUrl: 'https://solutionz.test' },
  clock: () => now,
  random: { id: () => randomUUID() },
});

/** The directory's insured filter, as a visitor asks for it, and the card of `providerId` in its answer. */
async function insuredCard(providerId: string) {
  const directory = {
    directory: table.repositories.directory,
    saved: table.repositories.saved,
    standing: table.repositories.standing,
    geocoder: fakeGeocoder(),
    clock: () => now,
  };
  const answer = await searchProviders(directory, providerSearchQuerySchema.parse({ insured: 'yes', limit: 50 }));
  return answer.providers.find((card) => card.id === providerId);
}

const admin: AuthorizedCaller = { kind: 'signedIn', userId: randomUUID(), groups: ['admin'], accountType: 'admin', subscribed: false, emailConfirmed: true };
const LISTED = { isVisible: true, isActive: true, subscriptionTier: 'monthly', subscriptionEnd: '2027-12-01T00:00:00.000Z' };
const provider = (profile: Record<string, unknown> = LISTED) => profileOnlyPerson(table, 'provider', { profile });

const insurance = (expiresOn = '2027-06-30'): CredentialInput => ({
  type: 'insurance',
  optionId: 'public-liability',
  insurer: 'Aviva',
  coverPounds: 2_000_000,
  expiresOn,
});

/** A whole, small PDF. */
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');

/** What the browser does: ask for a grant, upload the bytes under the key given, ask for the check. */
async function upload(caller: AuthorizedCaller, credentialId: string, bytes: Buffer, type = 'application/pdf') {
  const grant = await createEvidenceUpload(deps(), caller, credentialId, { name: 'evidence', type, size: bytes.length });
  await media.storage.write(grant.key, bytes, type, 'no-cache');
  return attachEvidence(deps(), caller, credentialId, grant.uploadId);
}

describe('credentials', () => {
  it('a provider adds insurance with a PDF; an admin verifies it; visitors see the checked facts until the expiry day passes', async () => {
    now = NOW;
    const pat = await provider();
    const added = await createCredential(deps(), pat.caller, insurance());
    expect(added).toMatchObject({ status: 'pending', title: 'Public liability', insurer: 'Aviva', coverPounds: 2_000_000, evidence: null });
    // Not checked yet: nothing public.
    expect((await getProviderCredentials(deps(), pat.userId)).credentials).toEqual([]);
    await expect(decideCredential(deps(), admin, pat.userId, added.id, { decision: 'verify' })).rejects.toThrow(M.evidenceRequired);

    const withPdf = await upload(pat.caller, added.id, pdf);
    expect(withPdf.evidence).toEqual({ contentType: 'application/pdf', size: pdf.length });
    expect(await media.keys(evidenceUploadPrefix(pat.userId))).toEqual([]);

    const queue = await credentialQueue(deps(), { type: 'insurance' });
    expect(queue.credentials.find((entry) => entry.id === added.id)).toMatchObject({ provider: { id: pat.userId, name: pat.name } });
    expect((await credentialQueue(deps(), { type: 'dbs' })).credentials.some((entry) => entry.id === added.id)).toBe(false);

    const verified = await decideCredential(deps(), admin, pat.userId, added.id, { decision: 'verify' });
    expect(verified).toMatchObject({ status: 'verified', checkedAt: NOW.toISOString() });
    expect((await table.repositories.credentials.get(pat.userId, added.id))?.checkedBy).toBe(admin.userId);
    expect((await table.repositories.admin.auditByActor(admin.userId)).map((entry) => entry.action)).toContain('credential.verify');
    expect((await credentialQueue(deps(), {})).credentials.some((entry) => entry.id === added.id)).toBe(false);
    // Deciding twice is refused.
    await expect(decideCredential(deps(), admin, pat.userId, added.id, { decision: 'verify' })).rejects.toThrow(ConflictError);

    const shown = await getProviderCredentials(deps(), pat.userId);
    expect(shown.credentials).toEqual([
      expect.objectContaining({ title: 'Public liability', checkedOn: '2026-11-26', expiresOn: '2027-06-30', insurer: 'Aviva' }),
    ]);
    expect(shown.credentials[0]).not.toHaveProperty('checkedBy');
    expect((await table.repositories.directory.getListings([pat.userId])).get(pat.userId)?.insuredUntil).toBe('2027-06-30');
    expect((await insuredCard(pat.userId))?.checked).toEqual({ insurance: true, registration: false });

    // The day after the expiry day: not shown, and the provider sees it as expired, with nobody acting.
    now = new Date('2027-07-01T09:00:00Z');
    expect((await getProviderCredentials(deps(), pat.userId)).credentials).toEqual([]);
    expect((await listMyCredentials(deps(), pat.caller)).credentials[0]?.status).toBe('expired');
    expect(await insuredCard(pat.userId)).toBeUndefined();
  });

  it('changing a checked credential’s facts sends it back to the queue; the same facts change nothing', async () => {
    now = NOW;
    const pat = await provider();
    const added = await createCredential(deps(), pat.caller, { type: 'registration', optionId: 'gas-safe', number: '123456' });
    await upload(pat.caller, added.id, pdf);
    await decideCredential(deps(), admin, pat.userId, added.id, { decision: 'verify' });
    expect((await updateCredential(deps(), pat.caller, added.id, { type: 'registration', optionId: 'gas-safe', number: '123456' })).status).toBe('verified');

    const changed = await updateCredential(deps(), pat.caller, added.id, { type: 'registration', optionId: 'gas-safe', number: '654321' });
    expect(changed).toMatchObject({ status: 'pending', number: '654321', checkedAt: null });
    expect((await getProviderCredentials(deps(), pat.userId)).credentials).toEqual([]);
    expect((await credentialQueue(deps(), { type: 'registration' })).credentials.some((entry) => entry.id === added.id)).toBe(true);
    expect((await table.repositories.directory.getListings([pat.userId])).get(pat.userId)?.registeredUntil).toBeUndefined();
    await expect(updateCredential(deps(), pat.caller, added.id, insurance())).rejects.toThrow(M.typeFixed);
  });

  it('a rejection is mailed to the provider with the reason and audited', async () => {
    now = NOW;
    const pat = await provider();
    const added = await createCredential(deps(), pat.caller, { type: 'dbs', optionId: 'dbs-enhanced', issuedOn: '2026-01-10' });
    await upload(pat.caller, added.id, pdf);
    const rejected = await decideCredential(deps(), admin, pat.userId, added.id, {
      decision: 'reject',
      reason: { code: 'misleading', note: 'The name does not match' },
    });
    expect(rejected).toMatchObject({ status: 'rejected', rejectReason: { code: 'misleading', note: 'The name does not match' } });
    const mail = sent.find((entry) => entry.to === pat.email);
    expect(mail?.subject).toBe('Your credential was not verified');
    expect(mail?.text).toContain('The name does not match');
    expect((await table.repositories.admin.auditByActor(admin.userId)).find((entry) => entry.targetId === added.id)).toMatchObject({
      action: 'credential.reject',
      reason: { code: 'misleading', note: 'The name does not match' },
    });
  });

  it('evidence is checked by its bytes: photos lose their metadata, disguised and cut-off files are refused, and only the provider and admins open it', async () => {
    now = NOW;
    const [pat, other] = await Promise.all([provider(), provider()]);
    const added = await createCredential(deps(), pat.caller, {
      type: 'qualification',
      name: 'NVQ Level 3 Plumbing',
      awardingBody: 'City & Guilds',
      issuedOn: '2019-07-01',
    });
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2e86de' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneMaker' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '53/1 57/1 33/1' } })
      .toBuffer();
    const checked = await upload(pat.caller, added.id, photo, 'image/jpeg');
    expect(checked.evidence?.contentType).toBe('image/webp');
    const stored = await media.object(evidenceKey(pat.userId, added.id));
    expect((await sharp(stored.body).metadata()).exif).toBeUndefined();
    expect(stored.body.toString('latin1')).not.toContain('PhoneMaker');
    expect(evidenceKey(pat.userId, added.id).startsWith('media/')).toBe(false);

    await expect(upload(pat.caller, added.id, Buffer.from('<html><script>alert(1)</script></html>'))).rejects.toThrow(M.evidenceWrongType);
    await expect(upload(pat.caller, added.id, pdf.subarray(0, 30))).rejects.toThrow(M.evidenceWrongType);
    const bigPdf = Buffer.concat([pdf.subarray(0, 9), Buffer.alloc(CREDENTIAL_LIMITS.pdfMaxBytes), Buffer.from('\n%%EOF\n')]);
    await expect(createEvidenceUpload(deps(), pat.caller, added.id, { name: 'big.pdf', type: 'application/pdf', size: bigPdf.length })).resolves.toMatchObject({
      maxBytes: CREDENTIAL_LIMITS.pdfMaxBytes,
    });
    await expect(upload(pat.caller, added.id, bigPdf)).rejects.toThrow(M.evidenceTooLarge);

    expect((await getMyEvidence(deps(), pat.caller, added.id)).contentType).toBe('image/webp');
    await expect(getMyEvidence(deps(), other.caller, added.id)).rejects.toThrow(NotFoundError);
    expect((await adminEvidence(deps(), admin, pat.userId, added.id)).bytes.length).toBe(stored.body.length);
    expect(
      (await table.repositories.admin.auditByActor(admin.userId)).some((entry) => entry.action === 'credential.viewEvidence' && entry.targetId === added.id),
    ).toBe(true);
  });

  it('refuses what the schema cannot know: a scheme no longer offered, a passed expiry, a future date, more than the cap', async () => {
    now = NOW;
    const pat = await provider();
    await expect(createCredential(deps(), pat.caller, { ...insurance(), optionId: 'gas-safe' } as CredentialInput)).rejects.toThrow(M.optionUnknown);
    await expect(createCredential(deps(), pat.caller, insurance('2026-11-25'))).rejects.toThrow(M.expiryPassed);
    await expect(createCredential(deps(), pat.caller, { type: 'dbs', optionId: 'dbs-basic', issuedOn: '2026-12-01' })).rejects.toThrow(M.dateInFuture);
    for (let i = 0; i < CREDENTIAL_LIMITS.perProvider; i++) await createCredential(deps(), pat.caller, insurance());
    await expect(createCredential(deps(), pat.caller, insurance())).rejects.toThrow(M.tooMany);
    const [first] = (await listMyCredentials(deps(), pat.caller)).credentials;
    await deleteCredential(deps(), pat.caller, first!.id);
    await expect(createCredential(deps(), pat.caller, insurance())).resolves.toMatchObject({ status: 'pending' });
  });

  it('an admin adds, renames and removes schemes; credentials that name a removed one keep it', async () => {
    now = NOW;
    const pat = await provider();
    const added = await createCredentialOption(deps(), admin, { type: 'registration', name: 'TrustMark' });
    await expect(createCredentialOption(deps(), admin, { type: 'registration', name: 'trustmark' })).rejects.toThrow(M.optionNameTaken);
    const credential = await createCredential(deps(), pat.caller, { type: 'registration', optionId: added.optionId, number: 'TM-1' });
    await renameCredentialOption(deps(), admin, added.optionId, 'TrustMark Government Endorsed');
    expect((await listMyCredentials(deps(), pat.caller)).credentials.find((entry) => entry.id === credential.id)?.title).toBe('TrustMark Government Endorsed');
    await removeCredentialOption(deps(), admin, added.optionId);
    expect((await offeredOptions(deps())).options.some((option) => option.optionId === added.optionId)).toBe(false);
    await expect(createCredential(deps(), pat.caller, { type: 'registration', optionId: added.optionId, number: 'TM-2' })).rejects.toThrow(ValidationError);
    // The credential keeps its scheme, and may be edited without choosing another.
    await expect(
      updateCredential(deps(), pat.caller, credential.id, { type: 'registration', optionId: added.optionId, number: 'TM-3' }),
    ).resolves.toMatchObject({
      title: 'TrustMark Government Endorsed',
    });
    const actions = (await table.repositories.admin.auditByActor(admin.userId)).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['credentialOption.create', 'credentialOption.update', 'credentialOption.delete']));
  });

  it('the expiry worker mails 30 and 7 days before, once each, and counts the expiry once', async () => {
    now = NOW;
    const pat = await provider();
    const added = await createCredential(deps(), pat.caller, insurance('2027-01-31'));
    await upload(pat.caller, added.id, pdf);
    await decideCredential(deps(), admin, pat.userId, added.id, { decision: 'verify' });
    const mailsToPat = () => sent.filter((mail) => mail.to === pat.email && mail.subject.includes('expires'));

    now = new Date('2026-12-20T08:00:00Z'); // 42 days before
    await runCredentialReminders(deps());
    expect(mailsToPat()).toHaveLength(0);
    now = new Date('2027-01-02T08:00:00Z'); // 29 days before
    await runCredentialReminders(deps());
    await runCredentialReminders(deps());
    expect(mailsToPat().map((mail) => mail.subject)).toEqual(['Your insurance "Public liability" expires on 31 Jan 2027']);
    expect(mailsToPat()[0]?.text).toContain('in 29 days');
    now = new Date('2027-01-25T08:00:00Z'); // 6 days before
    await runCredentialReminders(deps());
    await runCredentialReminders(deps());
    expect(mailsToPat()).toHaveLength(2);
    now = new Date('2027-02-01T08:00:00Z');
    const first = await runCredentialReminders(deps());
    const again = await runCredentialReminders(deps());
    expect(first.expired).toBeGreaterThanOrEqual(1);
    expect(again.expired).toBe(0);
    expect(mailsToPat()).toHaveLength(2);
  });

  it('a reminder carries a one-click unsubscribe; once used, the 7-day reminder is not sent and message e-mails stay on', async () => {
    now = NOW;
    const pat = await provider();
    const added = await createCredential(deps(), pat.caller, insurance('2027-01-31'));
    await upload(pat.caller, added.id, pdf);
    await decideCredential(deps(), admin, pat.userId, added.id, { decision: 'verify' });
    const mailsToPat = () => sent.filter((mail) => mail.to === pat.email && mail.subject.includes('expires'));

    now = new Date('2027-01-02T08:00:00Z');
    await runCredentialReminders(deps());
    const [reminder] = mailsToPat();
    expect(reminder?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = new URL(/^<(.+)>$/.exec(reminder?.headers?.['List-Unsubscribe'] ?? '')![1]!);
    expect(oneClick.pathname).toBe('/api/message-mails/unsubscribe/one-click');
    expect(oneClick.searchParams.get('mail')).toBe('credential-reminders');
    const pageLink = /Turn off credential reminders: (\S+)/.exec(reminder!.text)![1]!;
    expect(new URL(pageLink).searchParams.get('token')).toBe(oneClick.searchParams.get('token'));

    const unsubscribe = (token: string) => unsubscribeMessageMails(deps(), token, 'query.token', 'credential-reminders');
    await expect(unsubscribe(`${pat.userId}.wrong`)).rejects.toThrow(ValidationError);
    expect(await unsubscribe(oneClick.searchParams.get('token')!)).toEqual({ unsubscribed: true });
    const profile = await table.repositories.accounts.getProfile(pat.userId, { consistent: true });
    expect(profile?.credentialReminders).toEqual({ enabled: false });
    expect(profile?.messageMails?.enabled).not.toBe(false);

    now = new Date('2027-01-25T08:00:00Z');
    await runCredentialReminders(deps());
    expect(mailsToPat()).toHaveLength(1);
  });

  it('erasure removes every credential, its marks and its documents', async () => {
    now = NOW;
    const pat = await provider();
    const added = await createCredential(deps(), pat.caller, insurance());
    await upload(pat.caller, added.id, pdf);
    const registry = personalDataRegistry({ credentials: table.repositories.credentials, portfolioFiles: media.storage } as unknown as Parameters<
      typeof personalDataRegistry
    >[0]);
    const exported = await registry.sections.find((section) => section.name === 'credentials')!.collect({ userId: pat.userId, email: pat.email } as never);
    expect(exported).toEqual([expect.objectContaining({ insurer: 'Aviva', status: 'pending' })]);
    await registry.erasers.find((eraser) => eraser.name === 'credentials')!.erase({ userId: pat.userId, email: pat.email } as never);
    expect(await table.repositories.credentials.list(pat.userId)).toEqual([]);
    expect(await media.keys(`private/credentials/${pat.userId}/`)).toEqual([]);
    expect((await credentialQueue(deps(), {})).credentials.some((entry) => entry.id === added.id)).toBe(false);
  });
});
