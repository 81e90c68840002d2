import { Box, Button, Container, Flex, HStack, Link, Menu, Portal } from '@chakra-ui/react';
import { ChevronDownIcon } from 'lucide-react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { MESSAGES, PRODUCT_NAME } from '@solutionz/shared';
import { RootLayout } from '@/components/layout/root-layout';
import { useSignOut } from '@/components/layout/use-sign-out';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session';

/** The admin header (docs/product/admin.md#the-console): a Return to Main menu, then Logout for a signed-in admin or Sign In for anyone else. */
function AdminHeader() {
  const session = useSession();
  const signOut = useSignOut(MESSAGES.signOut.adminFailure);
  const navigate = useNavigate();
  const isAdmin = session.status === 'signedIn' && session.profile?.accountType === 'admin';
  return (
    <Box as="header" borderBottomWidth="1px" bg="bg">
      <Container maxW="7xl" px={{ base: '4', md: '6' }}>
        <Flex minH="16" align="center" justify="space-between" gap="3" flexWrap="wrap" py="2">
          <Link asChild fontWeight="bold" fontSize="lg" color="brand.solid" _hover={{ textDecoration: 'none' }}>
            <RouterLink to={paths.admin}>{PRODUCT_NAME} Admin</RouterLink>
          </Link>
          <HStack gap="2">
            <Menu.Root positioning={{ placement: 'bottom-end' }}>
              <Menu.Trigger asChild>
                <Button variant="outline" size="sm">
                  Return to Main
                  <ChevronDownIcon aria-hidden="true" />
                </Button>
              </Menu.Trigger>
              <Portal>
                <Menu.Positioner>
                  <Menu.Content minW="48">
                    <Menu.Item value="admin" onSelect={() => navigate(paths.admin)}>
                      Admin Dashboard
                    </Menu.Item>
                    {isAdmin && (
                      <Menu.Item value="credentials" onSelect={() => navigate(paths.adminCredentials)}>
                        Credentials to check
                      </Menu.Item>
                    )}
                    <Menu.Item value="main" onSelect={() => navigate(paths.home)}>
                      Main Website
                    </Menu.Item>
                    {isAdmin && (
                      <Menu.Item value="settings" onSelect={() => navigate(paths.adminSettings)}>
                        Account Settings
                      </Menu.Item>
                    )}
                  </Menu.Content>
                </Menu.Positioner>
              </Portal>
            </Menu.Root>
            {isAdmin ? (
              <Button size="sm" variant="ghost" onClick={() => void signOut()}>
                Logout
              </Button>
            ) : (
              session.status !== 'loading' && (
                <Button asChild size="sm">
                  <RouterLink to={paths.adminLogin}>Sign In</RouterLink>
                </Button>
              )
            )}
          </HStack>
        </Flex>
      </Container>
    </Box>
  );
}

/** The layout of every /admin screen (docs/product/admin.md#the-console): the admin header, the page, the footer and the app's toasts. */
export function AdminLayout() {
  return <RootLayout header={<AdminHeader />} />;
}
