import { Box, Button, Container, Flex, HStack, IconButton, Link, Stack } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { MenuIcon, XIcon } from 'lucide-react';
import { Link as RouterLink, NavLink, useLocation } from 'react-router-dom';
import { PRODUCT_NAME } from '@solutionz/shared';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session';
import { withQueryClient } from '@/lib/query-client-gate';

const HEADER_HEIGHT = '16';

// Signed-in parts in chunks of their own: most first visits are signed out and never load them.
const AccountMenu = lazy(() => import('./account-menu'));
// It reads the unread count with TanStack Query: it waits for the query client as well as for its chunk (a chunk
// that arrived first met no client and the page fell to the error screen).
const MessagesLink = lazy(() => withQueryClient(() => import('./messages-link')));
const SessionBanners = lazy(() => import('./session-banners'));

const navLinks = [
  { label: 'Find Professionals', to: paths.directory },
  { label: 'Post a Job', to: paths.postJob },
  { label: 'Job Directory', to: paths.jobDirectory },
] as const;

function Logo() {
  return (
    <Link asChild fontWeight="bold" fontSize="xl" color="brand.solid" _hover={{ textDecoration: 'none' }}>
      <RouterLink to={paths.home}>
        <Box as="span" aria-hidden="true" display="inline-grid" placeItems="center" boxSize="8" borderRadius="md" bg="brand.solid" color="white" mr="2">
          S
        </Box>
        {PRODUCT_NAME}
      </RouterLink>
    </Link>
  );
}

function NavItem({ label, to, visibility }: { label: string; to: string; visibility?: 'hidden' }) {
  return (
    <Link
      asChild
      color="fg"
      fontWeight="medium"
      px="2"
      py="2"
      borderRadius="md"
      visibility={visibility}
      _currentPage={{ color: 'brand.fg', textDecoration: 'underline' }}
    >
      <NavLink to={to} end>
        {label}
      </NavLink>
    </Link>
  );
}

/**
 * Site header (docs/product/site.md#site-shell). The logo, the links every visitor gets and the menu button are rendered at once, in
 * the page's HTML too; what depends on the session (the account buttons, "Become a Provider") keeps its place hidden
 * while the session loads and shows as a signed-out visitor's once it is known to be one, so the page does not jump.
 */
export function SiteHeader() {
  const session = useSession();
  const location = useLocation();
  // The menu belongs to the location it was opened on, so any navigation closes it.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const loading = session.status === 'loading';
  const menuOpen = menuOpenAt === location.key && !loading;
  // While the session loads, the header is a signed-out visitor's, its session parts holding their places hidden (most visitors are signed out).
  const asVisitor = session.status !== 'signedIn';
  const whileLoading = loading ? ({ visibility: 'hidden' } as const) : {};
  // For visitors alone (docs/product/site.md#site-shell): a signed-in account is a provider already, or cannot become one (a
  // client, an admin), and the membership page would only send it on to the directory.
  const showBecomeProvider = asVisitor;
  const becomeProvider = { label: 'Become a Provider', to: paths.signupProvider };

  const accountButtons = asVisitor ? (
    <>
      <Button asChild variant="ghost" {...whileLoading}>
        <RouterLink to={paths.login}>Login</RouterLink>
      </Button>
      <Button asChild {...whileLoading}>
        <RouterLink to={paths.signup}>Sign Up</RouterLink>
      </Button>
    </>
  ) : (
    <Suspense>
      <MessagesLink />
      <AccountMenu />
    </Suspense>
  );

  return (
    <Box as="header" position="sticky" top="0" zIndex="sticky" bg="bg" borderBottomWidth="1px" minH={HEADER_HEIGHT}>
      <Container maxW="7xl" px={{ base: '4', md: '6' }}>
        <Flex h={HEADER_HEIGHT} align="center" justify="space-between" gap="4">
          <Logo />
          <HStack as="nav" aria-label="Main" gap="1" display={{ base: 'none', lg: 'flex' }}>
            {navLinks.map((item) => (
              <NavItem key={item.to} {...item} />
            ))}
            {showBecomeProvider && <NavItem {...becomeProvider} {...whileLoading} />}
          </HStack>
          <HStack gap="2" display={{ base: 'none', lg: 'flex' }}>
            {accountButtons}
          </HStack>
          {!asVisitor && (
            <Box display={{ base: 'block', lg: 'none' }} ms="auto">
              <Suspense>
                <MessagesLink compact />
              </Suspense>
            </Box>
          )}
          <IconButton
            display={{ base: 'inline-flex', lg: 'none' }}
            variant="ghost"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpenAt(menuOpen ? null : location.key)}
          >
            {menuOpen ? <XIcon /> : <MenuIcon />}
          </IconButton>
        </Flex>
        {menuOpen && (
          <Stack id="mobile-menu" as="nav" aria-label="Mobile" gap="1" pb="4" display={{ base: 'flex', lg: 'none' }}>
            {navLinks.map((item) => (
              <NavItem key={item.to} {...item} />
            ))}
            {showBecomeProvider && <NavItem {...becomeProvider} />}
            <Stack direction="row" gap="2" pt="2" css={{ '& > *': { flex: '1' } }}>
              {accountButtons}
            </Stack>
          </Stack>
        )}
      </Container>
      {session.status === 'signedIn' && (
        <Suspense>
          <SessionBanners />
        </Suspense>
      )}
    </Box>
  );
}
