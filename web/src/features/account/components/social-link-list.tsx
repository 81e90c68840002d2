import { Flex, HStack, Link } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { FaFacebook, FaInstagram, FaLinkedin, FaTiktok, FaXTwitter, FaYoutube } from 'react-icons/fa6';
import { LuGlobe } from 'react-icons/lu';
import { normaliseSocialLink, SOCIAL_LINK_KEYS, SOCIAL_LINK_LABELS, type SocialLinkKey, type SocialLinks } from '@solutionz/shared';

const ICONS: Record<SocialLinkKey, IconType> = {
  website: LuGlobe,
  linkedin: FaLinkedin,
  twitter: FaXTwitter,
  instagram: FaInstagram,
  facebook: FaFacebook,
  youtube: FaYoutube,
  tiktok: FaTiktok,
};

/** The links that are filled in, as https:// addresses (spec 02 section 5); empty ones are not shown. */
export function filledSocialLinks(links: SocialLinks): { key: SocialLinkKey; href: string }[] {
  return SOCIAL_LINK_KEYS.map((key) => ({ key, href: normaliseSocialLink(links[key]) })).filter((link) => link.href);
}

export function SocialLinkList({ links }: { links: SocialLinks }) {
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
