import { SOCIAL_LINK_KEYS, type SocialLinkKey } from './constants';

/** A profile's social links (docs/product/account-settings.md#profile-fields), apart from the profile's schemas (profile.ts), so that a page showing them loads no zod. */

export type SocialLinks = Record<SocialLinkKey, string>;

export const EMPTY_SOCIAL_LINKS: SocialLinks = Object.fromEntries(SOCIAL_LINK_KEYS.map((key) => [key, ''])) as SocialLinks;

/** A link without http(s):// gets https:// in front; blank stays blank (and is hidden). */
export function normaliseSocialLink(link: string): string {
  const trimmed = link.trim();
  if (!trimmed) return '';
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/** Anything that is not a plain object reads as no links; missing keys read as blank. */
export function socialLinksFrom(value: unknown): SocialLinks {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { ...EMPTY_SOCIAL_LINKS };
  const record = value as Record<string, unknown>;
  return Object.fromEntries(SOCIAL_LINK_KEYS.map((key) => [key, typeof record[key] === 'string' ? (record[key] as string) : ''])) as SocialLinks;
}

export const SOCIAL_LINK_LABELS: Record<SocialLinkKey, string> = {
  website: 'Website',
  linkedin: 'LinkedIn',
  twitter: 'Twitter',
  instagram: 'Instagram',
  facebook: 'Facebook',
  youtube: 'YouTube',
  tiktok: 'TikTok',
};
