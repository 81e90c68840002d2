import { Box, Flex, SkipNavContent, SkipNavLink } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { SiteHeader } from './site-header';

// Below every page, so it need not hold up the first paint.
const SiteFooter = lazy(() => import('./site-footer'));

/** Header, page, footer: the layout every public page shares (spec 01 section 2.2). */
export function RootLayout() {
  return (
    <Flex direction="column" minH="100dvh">
      <SkipNavLink>Skip to content</SkipNavLink>
      <SiteHeader />
      <Box as="main" flex="1">
        <SkipNavContent />
        <Outlet />
      </Box>
      <Suspense>
        <SiteFooter />
      </Suspense>
      <ScrollRestoration />
    </Flex>
  );
}
