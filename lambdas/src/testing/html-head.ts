/**
 * What a crawler reads from a page's HTML: the title, the meta tags, the canonical link and the
 * JSON-LD. Elements end at their first closing tag and attribute values at their first closing quote,
 * as an HTML parser ends them, so text that escaped its escaping shows up as extra or broken elements.
 */
export interface HeadReading {
  readonly titles: string[];
  readonly title: string | undefined;
  /** The content of the one meta tag with this name or property (undefined when none; throws when several). */
  meta(key: string): string | undefined;
  readonly canonical: string | undefined;
  /** Each script element: its src, else its type. */
  readonly scripts: (string | undefined)[];
  readonly jsonLd: Record<string, unknown>[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ENTITIES[name]!);

function attributes(tag: string): Partial<Record<string, string>> {
  return Object.fromEntries([...tag.matchAll(/(?<![a-z:-])([a-z:-]+)="([^"]*)"/gi)].map(([, name, value]) => [name!.toLowerCase(), decode(value!)]));
}

export function readHead(html: string): HeadReading {
  const titles = [...html.matchAll(/<title>([\s\S]*?)<\/title>/gi)].map(([, text]) => decode(text!));
  const metas = [...html.matchAll(/<meta\b([^>]*)>/gi)].map(([, inside]) => attributes(inside!));
  const links = [...html.matchAll(/<link\b([^>]*)>/gi)].map(([, inside]) => attributes(inside!));
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].map(([, inside, text]) => ({ attributes: attributes(inside!), text: text! }));
  return {
    titles,
    title: titles[0],
    meta(key) {
      const found = metas.filter((meta) => meta.name === key || meta.property === key);
      if (found.length > 1) throw new Error(`${found.length} meta tags for ${key}`);
      return found[0]?.content;
    },
    canonical: links.find((link) => link.rel === 'canonical')?.href,
    scripts: scripts.map((script) => script.attributes.src ?? script.attributes.type),
    jsonLd: scripts.filter((script) => script.attributes.type === 'application/ld+json').map((script) => JSON.parse(script.text) as Record<string, unknown>),
  };
}
