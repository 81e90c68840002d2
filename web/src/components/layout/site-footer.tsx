import { Box, Container, Heading, Link, SimpleGrid, Stack, Text, HStack } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { FaFacebook, FaInstagram, FaLinkedin, FaXTwitter } from 'react-icons/fa6';
import { Link as RouterLink } from 'react-router-dom';
import { CONTACT_EMAIL, PRODUCT_NAME } from '@solutionz/shared';
import { paths } from '@/config/paths';
import { POSTCODE_DATA_ATTRIBUTION, socialProfiles } from '@/config/site';
import { useSession } from '@/lib/auth/session';
import { useHydrating } from '@/lib/use-hydrating';

const quickLinks = [
  { label: 'Find Professionals', to: paths.directory },
  { label: 'Service Categories', to: paths.categories },
  { label: 'Job Directory', to: paths.jobDirectory },
  { label: 'Post a Job', to: paths.postJob },
] as const;

/** Signing up as a provider is for visitors: a signed-in account of any type cannot use it. */
const visitorLinks = [{ label: 'Become a Provider', to: paths.signupProvider }] as const;

/** The pages about the service, one line each. */
const aboutLinks = [
  { label: 'Businesses', to: paths.business },
  { label: 'Accessibility', to: paths.accessibility },
  { label: 'Moderation transparency', to: paths.transparency },
] as const;

const socialIcons: Record<(typeof socialProfiles)[number]['network'], IconType> = {
  Facebook: FaFacebook,
  Instagram: FaInstagram,
  X: FaXTwitter,
  LinkedIn: FaLinkedin,
};

const footerLink = { color: 'gray.100', textDecoration: 'underline', textUnderlineOffset: '3px', _hover: { color: 'white' } } as const;

function FooterLink({ label, to }: { label: string; to: string }) {
  return (
    <Link asChild {...footerLink} alignSelf="flex-start">
      <RouterLink to={to}>{label}</RouterLink>
    </Link>
  );
}

/**
 * The site footer (docs/product/site.md#site-shell). While the session is read (and so in a prerendered or
 * server-rendered page) it is a visitor's, as the header is. It hydrates as the server drew it even when the session
 * is known by then: its chunk loads lazily, so it can hydrate after the rest of the page, once the session is read.
 */
export default function SiteFooter() {
  const session = useSession();
  const hydrating = useHydrating();
  const signedIn = session.status === 'signedIn' && !hydrating;
  return (
    <Box as="footer" bg="gray.900" color="gray.100" mt="auto">
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py="10">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="8">
          <Stack gap="3">
            <Text fontWeight="bold" fontSize="lg" color="white">
              {PRODUCT_NAME}
            </Text>
            <Text>Trusted local service professionals across the UK, all in one place.</Text>
            <HStack gap="3">
              {socialProfiles.map(({ network, href }) => {
                const SocialIcon = socialIcons[network];
                return (
                  <Link key={network} href={href} aria-label={`${PRODUCT_NAME} on ${network}`} color="gray.100" _hover={{ color: 'white' }} p="1">
                    <SocialIcon aria-hidden="true" size="20" />
                  </Link>
                );
              })}
            </HStack>
          </Stack>
          <Stack as="nav" aria-label="Quick links" gap="2">
            <Heading as="h2" size="sm" color="white">
              Quick links
            </Heading>
            {[...quickLinks, ...(signedIn ? [] : visitorLinks)].map((item) => (
              <FooterLink key={item.to} {...item} />
            ))}
          </Stack>
          <Stack gap="2">
            <Heading as="h2" size="sm" color="white">
              Contact
            </Heading>
            <Link href={`mailto:${CONTACT_EMAIL}`} {...footerLink} alignSelf="flex-start">
              {CONTACT_EMAIL}
            </Link>
            {aboutLinks.map((item) => (
              <FooterLink key={item.to} {...item} />
            ))}
          </Stack>
        </SimpleGrid>
        <Stack gap="2" mt="10" pt="6" borderTopWidth="1px" borderColor="gray.700" fontSize="sm">
          {/* A page server-rendered (or prerendered) in one year may be taken over in the next: the browser's year then stands. */}
          <Text suppressHydrationWarning>
            © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved. A service for the United Kingdom.
          </Text>
          <Text color="gray.300">{POSTCODE_DATA_ATTRIBUTION}</Text>
        </Stack>
      </Container>
    </Box>
  );
}
