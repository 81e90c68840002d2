import { describe, expect, it } from 'vitest';
import { providerProfileSchema } from './provider-profile';
import { providerDisplayName, providerPageDescription, providerPageTitle, publishedSocialLinks } from './provider-profile-text';

describe('the provider page helpers', () => {
  it('shows only the social links that are filled in, each with https:// where it had no scheme', () => {
    expect(
      publishedSocialLinks({
        website: 'patel.co.uk',
        linkedin: '',
        twitter: 'http://twitter.com/p',
        instagram: '   ',
        facebook: 'HTTPS://fb.com/p',
        tiktok: 42,
      }),
    ).toEqual({ website: 'https://patel.co.uk', twitter: 'http://twitter.com/p', facebook: 'HTTPS://fb.com/p' });
    expect(publishedSocialLinks(null)).toEqual({});
    expect(publishedSocialLinks(['https://a.example'])).toEqual({});
  });

  it('goes by the business name, else the full name', () => {
    expect(providerDisplayName({ businessName: 'Patel Electrical', firstName: 'Priya', lastName: 'Patel' })).toBe('Patel Electrical');
    expect(providerDisplayName({ businessName: '  ', firstName: 'Priya', lastName: 'Patel' })).toBe('Priya Patel');
    expect(providerDisplayName({ firstName: 'Priya', lastName: 'Patel' })).toBe('Priya Patel');
  });

  it("titles the page with the provider's name and the product, or 'Professional Not Found'", () => {
    expect(providerPageTitle({ displayName: 'Patel Electrical' })).toBe('Patel Electrical | Solutionz');
    expect(providerPageTitle(null)).toBe('Professional Not Found');
  });

  it('describes the page by the bio, else by trade and place, within 160 characters', () => {
    expect(providerPageDescription({ displayName: 'P', bio: '  Rewires   homes.  ', categories: [] })).toBe('Rewires homes.');
    expect(
      providerPageDescription({
        displayName: 'Patel Electrical',
        categories: ['Construction/Trade > Electrician', 'IT', 'Other: Drone surveys', 'Events > DJ'],
        locationName: 'Birmingham',
      }),
    ).toBe('Patel Electrical: Electrician, IT, Drone surveys in Birmingham on Solutionz.');
    expect(providerPageDescription({ displayName: 'Sam', categories: [] })).toBe('Sam on Solutionz.');
    const long = providerPageDescription({ displayName: 'P', bio: 'word '.repeat(60), categories: [] });
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long.endsWith('word…')).toBe(true);
  });

  it('refuses any field the page does not publish', () => {
    const page = {
      id: 'p',
      firstName: 'Priya',
      lastName: 'Patel',
      displayName: 'Priya Patel',
      categories: [],
      skills: [],
      socialLinks: {},
      rating: { average: null, count: 0 },
      contact: {},
      memberSince: '2026-01-05T09:30:00.000Z',
      responseTime: null,
    };
    expect(providerProfileSchema.safeParse(page).success).toBe(true);
    expect(
      providerProfileSchema.safeParse({ ...page, responseTime: { conversations: 3, medianSeconds: 60, repliedWithin48hPercent: 100, responseLog: ['1'] } })
        .success,
    ).toBe(false);
    expect(providerProfileSchema.safeParse({ ...page, email: 'p@example.co.uk' }).success).toBe(false);
    expect(providerProfileSchema.safeParse({ ...page, contact: { email: 'p@example.co.uk' } }).success).toBe(false);
    expect(providerProfileSchema.safeParse({ ...page, stripeCustomerId: 'cus_1' }).success).toBe(false);
  });
});
