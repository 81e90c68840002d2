import { describe, expect, it } from 'vitest';
import { escapeHtml, scriptJson, type ProviderProfile } from '@solutionz/shared';
import { readHead } from '../../testing/html-head';
import { listedProviderHead, renderPage, siteDescriptionOf, unlistedProviderHead } from './crawler-html';

const SITE = 'https://solutionz.example';
const INDEX_HTML = `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Solutionz connects you with trusted local service professionals &amp; more." />
    <title>Solutionz | Home</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

const priya: ProviderProfile = {
  id: 'priya-1',
  businessName: 'Patel Electrical',
  firstName: 'Priya',
  lastName: 'Patel',
  displayName: 'Patel Electrical',
  avatarUrl: '/media/avatars/priya-1/a.webp',
  bio: 'Fully qualified electrician covering the West Midlands.',
  locationName: 'Birmingham',
  categories: ['Construction/Trade > Electrician'],
  skills: ['Rewiring'],
  socialLinks: { website: 'https://patel-electrical.co.uk' },
  rating: { average: 4.3, count: 3 },
  contact: { phone: '01214960000' },
  memberSince: '2026-01-05T09:30:00.000Z',
  responseTime: null,
};

describe('a listed provider’s page for crawlers and link previews', () => {
  const html = renderPage(INDEX_HTML, listedProviderHead(priya, SITE));
  const head = readHead(html);

  it('names the provider in the title and description, once each, and points to the one canonical address', () => {
    expect(head.title).toBe('Patel Electrical | Solutionz');
    expect(head.titles).toHaveLength(1);
    expect(head.meta('description')).toBe('Fully qualified electrician covering the West Midlands.');
    expect(head.canonical).toBe('https://solutionz.example/directory/priya-1');
    expect(head.meta('robots')).toBeUndefined();
  });

  it('carries Open Graph and Twitter card tags with absolute addresses', () => {
    expect(head.meta('og:type')).toBe('profile');
    expect(head.meta('og:title')).toBe('Patel Electrical | Solutionz');
    expect(head.meta('og:description')).toBe('Fully qualified electrician covering the West Midlands.');
    expect(head.meta('og:url')).toBe('https://solutionz.example/directory/priya-1');
    expect(head.meta('og:image')).toBe('https://solutionz.example/media/avatars/priya-1/a.webp');
    expect(head.meta('profile:first_name')).toBe('Priya');
    expect(head.meta('twitter:card')).toBe('summary');
    expect(head.meta('twitter:title')).toBe('Patel Electrical | Solutionz');
    expect(head.meta('twitter:image')).toBe('https://solutionz.example/media/avatars/priya-1/a.webp');
  });

  it('describes the business as schema.org LocalBusiness with its rating and town', () => {
    expect(head.jsonLd).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'LocalBusiness',
        '@id': 'https://solutionz.example/directory/priya-1',
        name: 'Patel Electrical',
        url: 'https://solutionz.example/directory/priya-1',
        description: 'Fully qualified electrician covering the West Midlands.',
        image: 'https://solutionz.example/media/avatars/priya-1/a.webp',
        telephone: '01214960000',
        address: { '@type': 'PostalAddress', addressLocality: 'Birmingham', addressCountry: 'GB' },
        aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.3, reviewCount: 3, bestRating: 5, worstRating: 1 },
        knowsAbout: ['Rewiring'],
        sameAs: ['https://patel-electrical.co.uk'],
      },
    ]);
  });

  it('keeps the app: the rest of index.html is untouched', () => {
    expect(head.scripts).toContain('/assets/index-abc.js');
    expect(html).toContain('<div id="root"></div>');
  });

  it('has no rating in JSON-LD before the first one, and the default picture without an avatar', () => {
    const newcomer: ProviderProfile = { ...priya, avatarUrl: undefined, rating: { average: null, count: 0 }, locationName: undefined, bio: undefined };
    const fresh = readHead(renderPage(INDEX_HTML, listedProviderHead(newcomer, SITE)));
    expect(fresh.jsonLd[0]).not.toHaveProperty('aggregateRating');
    expect(fresh.jsonLd[0]).not.toHaveProperty('address');
    expect(fresh.meta('og:image')).toBe('https://solutionz.example/share-image.png');
    expect(fresh.meta('twitter:card')).toBe('summary_large_image');
    expect(fresh.meta('description')).toBe('Patel Electrical: Electrician on Solutionz.');
  });
});

describe('escaping', () => {
  const hostile: ProviderProfile = {
    ...priya,
    id: 'x"><script>alert(1)</script>',
    displayName: '</title><script>alert("name")</script> & Sons $& $1',
    businessName: '</title><script>alert("name")</script> & Sons $& $1',
    bio: `Quotes " and ' and </script><script>alert("bio")</script><!--`,
    locationName: '</script><img src=x onerror=alert(1)>',
    socialLinks: { website: 'https://example.com/"><script>alert(2)</script>' },
  };
  const html = renderPage(INDEX_HTML, listedProviderHead(hostile, SITE));
  const head = readHead(html);

  it('shows whatever a provider typed as text, never as markup', () => {
    expect(head.title).toBe('</title><script>alert("name")</script> & Sons $& $1 | Solutionz');
    expect(head.meta('description')).toBe(`Quotes " and ' and </script><script>alert("bio")</script><!--`);
    expect(head.scripts).toEqual(['/assets/index-abc.js', 'application/ld+json']);
    expect(html).not.toMatch(/<script>alert/);
    expect(html).not.toContain('<img');
  });

  it('keeps the JSON-LD one intact script whose data reads back exactly', () => {
    expect(head.jsonLd).toHaveLength(1);
    expect(head.jsonLd[0]!.name).toBe(hostile.displayName);
    expect(head.jsonLd[0]!.description).toBe(hostile.bio);
    expect(head.jsonLd[0]!.address).toEqual({ '@type': 'PostalAddress', addressLocality: hostile.locationName, addressCountry: 'GB' });
    expect(head.canonical).toBe(`https://solutionz.example/directory/${encodeURIComponent(hostile.id)}`);
  });

  it('escapes the five HTML specials, and JSON for a script element', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
    expect(scriptJson({ text: '</script><!-- & \u2028' })).toBe('{"text":"\\u003c/script\\u003e\\u003c!-- \\u0026 \\u2028"}');
    expect(JSON.parse(scriptJson({ text: '</script>' }))).toEqual({ text: '</script>' });
  });
});

describe('a page with no listed provider', () => {
  const html = renderPage(INDEX_HTML, unlistedProviderHead(SITE, siteDescriptionOf(INDEX_HTML)));
  const head = readHead(html);

  it('asks not to be indexed and says nothing about anyone', () => {
    expect(head.meta('robots')).toBe('noindex');
    expect(head.title).toBe('Professional Not Found');
    expect(head.meta('description')).toBe('Solutionz connects you with trusted local service professionals & more.');
    expect(head.meta('og:type')).toBe('website');
    expect(head.meta('og:title')).toBe('Professional Not Found');
    expect(head.meta('og:url')).toBeUndefined();
    expect(head.canonical).toBeUndefined();
    expect(head.jsonLd).toEqual([]);
  });
});

describe('index.html without a title or description', () => {
  it('gets them added to its head', () => {
    const head = readHead(renderPage('<html><head></head><body></body></html>', listedProviderHead(priya, SITE)));
    expect(head.title).toBe('Patel Electrical | Solutionz');
    expect(head.meta('description')).toBe('Fully qualified electrician covering the West Midlands.');
  });
});
