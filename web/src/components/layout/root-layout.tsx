import { Box, Flex, SkipNavContent, SkipNavLink } from '@chakra-ui/react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

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
      <SiteFooter />
      <ScrollRestoration />
    </Flex>
  );
}
