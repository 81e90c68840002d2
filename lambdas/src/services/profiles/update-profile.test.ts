import { describe, expect, it } from 'vitest';
import { LOCATION_MESSAGES, PROFILE_MESSAGES, profileUpdateSchema, type ProfileUpdateInput } from '@solutionz/shared';
import { useTestTable } from '../../testing/dynamodb-table';
import { fakeGeocoder } from '../../testing/fake-geocoder';
import { useTestMediaBucket } from '../../testing/media-bucket';
import { createTestAccount } from '../../testing/test-account';
import { useTestUserPool } from '../../testing/user-pool';
import type { ProfilesDeps } from './deps';
import { updateNotificationSettings } from './notifications';
import { updateProfile } from './update-profile';

const table = useTestTable();
const pool = useTestUserPool();
const media = useTestMediaBucket();

function profilesDeps(): ProfilesDeps {
  let counter = 0;
  return {
    accounts: table.repositories.accounts,
    // The UK geocoder has tests of its own; here a tiny fake places York and SW1A 1AA only.
    geocoder: fakeGeocoder(),
    avatars: media.storage,
    directory: table.repositories.directory,
    clock: () => new Date('2026-11-22T09:30:00Z'),
    random: { id: () => `id-${++counter}` },
  };
}

/** A client, or a provider who is a member unless `member` is false (the access check tells the service which). */
async function account(type: 'client' | 'provider', { member = true } = {}) {
  const deps = profilesDeps();
  const created = await createTestAccount({ identity: pool.identity().identity, accounts: deps.accounts }, type);
  const caller = { ...created.caller, subscribed: type === 'provider' && member };
  const save = (input: ProfileUpdateInput) => updateProfile(deps, caller, profileUpdateSchema.parse(input));
  return { deps, ...created, caller, save };
}

describe('updateProfile', () => {
  it('saves the profile tab’s fields, places the location and answers the profile as /api/me does', async () => {
    const { save, userId, deps } = await account('client');
    const me = await save({
      firstName: ' Cara ',
      lastName: 'Jones',
      location: 'York',
      bio: 'Renovating a terrace.',
      skills: [' DIY ', 'diy', '', 'Painting'],
      socialLinks: { website: 'cara.example.co.uk', instagram: '' },
    });
    expect(me).toMatchObject({
      userId,
      firstName: 'Cara',
      lastName: 'Jones',
      displayName: 'Cara Jones',
      location: 'York',
      place: { name: 'York, North Yorkshire', lat: 53.959, lng: -1.0815, precision: 'town' },
      bio: 'Renovating a terrace.',
      skills: ['DIY', 'Painting'],
      socialLinks: { website: 'https://cara.example.co.uk', instagram: '', linkedin: '' },
    });
    expect(await deps.accounts.getProfile(userId)).toMatchObject({ geohash: expect.stringMatching(/^gcx/), updatedAt: '2026-11-22T09:30:00.000Z' });
  });

  it('changes only what is sent; social links merge by name and a blank bio clears it', async () => {
    const { save } = await account('client');
    await save({ bio: 'First', socialLinks: { website: 'https://a.example', tiktok: 'tiktok.com/@cara' } });
    const me = await save({ bio: '', socialLinks: { website: '' } });
    expect(me).toMatchObject({ firstName: 'Cara', lastName: 'Client', bio: null, socialLinks: { website: '', tiktok: 'https://tiktok.com/@cara' } });
  });

  it('refuses the provider fields from a client by name, and stores nothing of the request', async () => {
    const { save, deps, userId } = await account('client');
    const before = await deps.accounts.getProfile(userId);
    await expect(save({ firstName: 'Changed', businessName: 'Cara Co', phoneNumber: '01904 000000' })).rejects.toMatchObject({
      statusCode: 400,
      fields: { 'body.businessName': PROFILE_MESSAGES.providerOnly, 'body.phoneNumber': PROFILE_MESSAGES.providerOnly },
    });
    expect(await deps.accounts.getProfile(userId)).toEqual(before);
  });

  it.each([
    ['nowhere', 'Atlantis', LOCATION_MESSAGES.notFound, 0],
    ['several towns', 'Newport', LOCATION_MESSAGES.ambiguous('Newport'), 2],
  ])('refuses a location that names %s, with suggestions, and stores nothing', async (_what, location, message, suggestions) => {
    const { save, deps, userId } = await account('client');
    const before = await deps.accounts.getProfile(userId);
    const refused = await save({ firstName: 'Changed', location }).catch((error: { toJSON(): unknown }) => error.toJSON());
    expect(refused).toMatchObject({ error: { code: 'VALIDATION_FAILED', fields: { 'body.location': message } } });
    expect((refused as { error: { suggestions: unknown[] } }).error.suggestions).toHaveLength(suggestions);
    expect(await deps.accounts.getProfile(userId)).toEqual(before);
  });

  it('tells the clients who saved a provider of changed services (categories or skills), not of the same ones saved again or of other fields', async () => {
    const { save, userId } = await account('provider');
    const kinds = async () => (await table.itemsMentioning(`PROVIDER_NEWS#${userId}`)).map((item) => item.kind);
    const categories = (await table.repositories.accounts.getProfile(userId))!.categories;
    await save({ bio: 'Thirty years of wiring.', categories: [...categories].reverse() });
    expect(await kinds()).toEqual([]);
    await save({ skills: ['Rewiring'] });
    expect(await kinds()).toEqual(['services']);
  });

  it('refuses a provider without a membership a change of services or skills (403), storing nothing; the rest of the tab saves', async () => {
    const { save, deps, userId } = await account('provider', { member: false });
    const before = await deps.accounts.getProfile(userId);
    const refused = { statusCode: 403, message: PROFILE_MESSAGES.servicesNeedMembership };
    await expect(save({ bio: 'Changed', categories: ['IT'] })).rejects.toMatchObject(refused);
    await expect(save({ skills: ['Rewiring'] })).rejects.toMatchObject(refused);
    expect(await deps.accounts.getProfile(userId)).toEqual(before);
    // The whole form sent again with the same services, in another order, is no change of them.
    await expect(save({ bio: 'Thirty years of wiring.', skills: [], categories: [...before!.categories].reverse() })).resolves.toMatchObject({
      bio: 'Thirty years of wiring.',
      categories: before!.categories,
    });
  });

  it('lets a client change their skills: they need no membership', async () => {
    const { save } = await account('client');
    await expect(save({ skills: ['DIY'] })).resolves.toMatchObject({ skills: ['DIY'] });
  });

  it('renames a provider’s business with its search words, in the profile’s transaction', async () => {
    const { save, deps, userId } = await account('provider');
    expect(await table.repositories.businesses.searchBusinesses('patel', 5)).toHaveLength(1);
    const me = await save({ businessName: 'Sparks & Sons Electrical', phoneNumber: '07700 900123', categories: ['Construction/Trade > Electrician', 'IT'] });
    expect(me).toMatchObject({ businessName: 'Sparks & Sons Electrical', phoneNumber: '07700 900123', categories: ['Construction/Trade > Electrician', 'IT'] });

    expect(await table.repositories.businesses.searchBusinesses('patel', 5)).toEqual([]);
    const found = await table.repositories.businesses.searchBusinesses('sparks', 5);
    expect(found).toEqual([{ businessId: expect.any(String), businessName: 'Sparks & Sons Electrical' }]);
    expect(found[0]?.businessId).toBe((await deps.accounts.getProfile(userId))?.businessId);
    expect(await table.repositories.businesses.searchBusinesses('electrical', 5)).toHaveLength(1);
  });

  it('reads again and retries when another save renamed the business in between', async () => {
    const { deps, caller, userId } = await account('provider');
    const accounts = deps.accounts;
    // Another tab renames the business between this save's read and its write.
    let interfered = false;
    const racing: ProfilesDeps = {
      ...deps,
      accounts: {
        ...accounts,
        getProfile: accounts.getProfile.bind(accounts),
        editProfile: async (edit) => {
          if (!interfered) {
            interfered = true;
            await updateProfile(deps, caller, profileUpdateSchema.parse({ businessName: 'Other Tab Ltd' }));
          }
          return accounts.editProfile(edit);
        },
      },
    };
    await expect(updateProfile(racing, caller, profileUpdateSchema.parse({ businessName: 'Final Name' }))).resolves.toMatchObject({
      businessName: 'Final Name',
    });
    expect(await table.repositories.businesses.searchBusinesses('other', 5)).toEqual([]);
    expect(await table.repositories.businesses.searchBusinesses('final', 5)).toEqual([expect.objectContaining({ businessName: 'Final Name' })]);
    expect((await accounts.getProfile(userId))?.businessName).toBe('Final Name');
  });
});

describe('updateNotificationSettings', () => {
  it('stores a provider’s Job Alerts and answers the whole settings', async () => {
    const { deps, caller, userId } = await account('provider');
    const settings = await updateNotificationSettings(deps, caller, { jobAlerts: { enabled: true, radiusMiles: 10, categories: ['IT', 'IT'] } });
    expect(settings).toEqual({
      jobAlerts: { enabled: true, radiusMiles: 10, categories: ['IT'] },
      providerUpdates: { enabled: false },
      messages: { enabled: true },
      credentialReminders: { enabled: true },
    });
    expect((await deps.accounts.getProfile(userId))?.jobAlerts).toEqual({ enabled: true, radiusMiles: 10, categories: ['IT'] });
  });

  it('stores a client’s Provider Updates', async () => {
    const { deps, caller } = await account('client');
    await expect(updateNotificationSettings(deps, caller, { providerUpdates: { enabled: true } })).resolves.toMatchObject({
      providerUpdates: { enabled: true },
    });
  });

  it('refuses the other account type’s part by name, storing nothing', async () => {
    const client = await account('client');
    const provider = await account('provider');
    await expect(
      updateNotificationSettings(client.deps, client.caller, {
        jobAlerts: { enabled: true, radiusMiles: 25, categories: [] },
        providerUpdates: { enabled: true },
      }),
    ).rejects.toMatchObject({
      statusCode: 400,
      fields: { 'body.jobAlerts': PROFILE_MESSAGES.jobAlertsProvidersOnly },
    });
    expect((await client.deps.accounts.getProfile(client.userId))?.providerUpdates).toBeUndefined();
    await expect(updateNotificationSettings(provider.deps, provider.caller, { providerUpdates: { enabled: true } })).rejects.toMatchObject({
      fields: { 'body.providerUpdates': PROFILE_MESSAGES.providerUpdatesClientsOnly },
    });
    await expect(updateNotificationSettings(client.deps, client.caller, { credentialReminders: { enabled: false } })).rejects.toMatchObject({
      fields: { 'body.credentialReminders': PROFILE_MESSAGES.credentialRemindersProvidersOnly },
    });
  });
});
