import { describe, expect, it } from 'vitest';
import { profileUpdateSchema } from './profile';

describe('social links in the profile form', () => {
  const website = (link: string) => profileUpdateSchema.safeParse({ socialLinks: { website: link } });

  it('prepends https:// to a link without it and keeps a blank one blank', () => {
    expect(website(' www.example.co.uk ').data?.socialLinks?.website).toBe('https://www.example.co.uk');
    expect(website('http://example.co.uk/about').data?.socialLinks?.website).toBe('http://example.co.uk/about');
    expect(website('').data?.socialLinks?.website).toBe('');
  });

  // Chromium's URL parser takes spaces in a host name that Node's refuses: the form and the API must agree.
  it.each(['not a web address', 'www.my site.co.uk', 'example.co.uk/my page'])('refuses %j, which has a space in it', (link) => {
    expect(website(link).error?.issues).toEqual([
      expect.objectContaining({ path: ['socialLinks', 'website'], message: 'Enter a web address, e.g. www.example.co.uk' }),
    ]);
  });
});
