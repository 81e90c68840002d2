import { Flex, HStack, IconButton, Link } from '@chakra-ui/react';
import { GlobeIcon, type LucideIcon } from 'lucide-react';
import type { IconType } from 'react-icons';
import { FaFacebook, FaInstagram, FaLinkedin, FaTiktok, FaXTwitter, FaYoutube } from 'react-icons/fa6';
import { normaliseSocialLink, SOCIAL_LINK_KEYS, SOCIAL_LINK_LABELS, type SocialLinkKey, type SocialLinks } from '@solutionz/shared';

/** The website's icon is Lucide's; the networks' are their brands' (Font Awesome: Lucide draws no brands). */
const ICONS: Record<SocialLinkKey, IconType | LucideIcon> = {
  website: GlobeIcon,
  linkedin: FaLinkedin,
  twitter: FaXTwitter,
  instagram: FaInstagram,
  facebook: FaFacebook,
  youtube: FaYoutube,
  tiktok: FaTiktok,
};

/** The links that are filled in, as https:// addresses (docs/product/provider-profile.md#what-the-page-shows); empty ones are not shown. */
export function filledSocialLinks(links: Partial<SocialLinks>): { key: SocialLinkKey; href: string }[] {
  return SOCIAL_LINK_KEYS.map((key) => ({ key, href: normaliseSocialLink(links[key] ?? '') })).filter((link) => link.href);
}

/** Each filled link with its icon and name, opening in a new tab. */
export function SocialLinkList({ links }: { links: Partial<SocialLinks> }) {
  return (
    <Flex wrap="wrap" as="ul" gap="3" listStyleType="none" aria-label="Social links">
      {filledSocialLinks(links).map(({ key, href }) => {
        const Icon = ICONS[key];
        return (
          <li key={key}>
            <Link href={href} target="_blank" rel="noopener noreferrer" color="brand.fg">
              <HStack as="span" gap="1.5">
                <Icon aria-hidden="true" />
                {SOCIAL_LINK_LABELS[key]}
              </HStack>
            </Link>
          </li>
        );
      })}
    </Flex>
  );
}

/**
 * Icons only, as in a profile's header: each names its network and who it belongs to for assistive tech
 * ("Website of Aire Valley Plumbing"). Nothing when no link is filled in.
 */
export function SocialIconLinks({ links, owner }: { links: Partial<SocialLinks>; owner: string }) {
  const filled = filledSocialLinks(links);
  if (filled.length === 0) return null;
  return (
    <HStack as="ul" gap="1" listStyleType="none" aria-label="Social links" flexWrap="wrap">
      {filled.map(({ key, href }) => {
        const Icon = ICONS[key];
        return (
          <li key={key}>
            <IconButton asChild variant="ghost" size="sm" color="fg.muted" _hover={{ color: 'brand.fg' }}>
              <a href={href} target="_blank" rel="noopener noreferrer" aria-label={`${SOCIAL_LINK_LABELS[key]} of ${owner} (opens in a new tab)`}>
                <Icon aria-hidden="true" />
              </a>
            </IconButton>
          </li>
        );
      })}
    </HStack>
  );
}
