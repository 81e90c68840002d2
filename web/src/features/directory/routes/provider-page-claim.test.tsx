import { cleanup, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProviderProfile } from '@solutionz/shared';
import { stubApi } from '@/testing/fake-api';
import { createFakeAuth, fakeAccount } from '@/testing/fake-auth';
import { renderApp } from '@/testing/render';

/** A business an admin listed; `claimableBusinessId` is there while nobody has claimed it. */
function listedBusiness(overrides: Partial<ProviderProfile> = {}): ProviderProfile {
  return {
    id: 'p-9',
    businessName: 'Rahman Locksmiths',
    firstName: 'Ali',
    lastName: 'Rahman',
    displayName: 'Rahman Locksmiths',
    categories: [],
    skills: [],
    socialLinks: {},
    rating: { average: null, count: 0 },
    contact: {},
    memberSince: '2026-03-05T10:00:00.000Z',
    responseTime: null,
    ...overrides,
  };
}

function open(page: ProviderProfile, signedInAs?: ReturnType<typeof fakeAccount>) {
  stubApi({ getProvider: () => page, listProviderFeedback: () => ({ feedback: [], rating: { average: null, count: 0 } }) });
  return renderApp(`/directory/${page.id}`, createFakeAuth(signedInAs ? { signedInAs } : {}));
}

beforeAll(() => {
  Element.prototype.scrollIntoView = () => undefined;
});

describe("the provider page's claim offer", { timeout: 15_000 }, () => {
  it('offers a visitor and a signed-in client to claim an unclaimed business, opening the claim page with it chosen', async () => {
    open(listedBusiness({ claimableBusinessId: 'biz-9' }));
    const card = await screen.findByRole('region', { name: 'Is this your business?' });
    expect(within(card).getByRole('link', { name: 'Claim it' })).toHaveAttribute('href', '/claim-business?businessID=biz-9');

    cleanup();
    open(listedBusiness({ claimableBusinessId: 'biz-9' }), fakeAccount({ userId: 'c-1', accountType: 'client', email: 'chloe@example.com' }));
    const forClient = await screen.findByRole('region', { name: 'Is this your business?' });
    expect(within(forClient).getByRole('link', { name: 'Claim it' })).toHaveAttribute('href', '/claim-business?businessID=biz-9');
  });

  it('offers nothing for a business that is claimed (or was never an admin’s listing)', async () => {
    open(listedBusiness());
    expect(await screen.findByRole('heading', { level: 1, name: 'Rahman Locksmiths' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Contact details' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Is this your business?' })).not.toBeInTheDocument();
  });
});
