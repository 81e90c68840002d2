import { Box, Flex, SkipNavContent, SkipNavLink } from '@chakra-ui/react';
import { lazy, Suspense, useRef, type ReactNode } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { useFocusRescue } from './focus-rescue';
import { SiteHeader } from './site-header';

// Below every page, so it need not hold up the first paint.
const SiteFooter = lazy(() => import('./site-footer'));

/** Header, page, footer: the layout every public page shares (docs/product/site.md#site-shell); the admin screens bring a header of their own. */
export function RootLayout({ header = <SiteHeader /> }: { header?: ReactNode }) {
  const main = useRef<HTMLElement>(null);
  useFocusRescue(main);
  return (
    <Flex direction="column" minH="100dvh">
      <SkipNavLink>Skip to content</SkipNavLink>
      {header}
      <Box as="main" ref={main} flex="1" minW="0">
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
