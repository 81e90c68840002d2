import { Avatar, Button, Menu, Portal, Text } from '@chakra-ui/react';
import { LuChevronDown } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { displayName, initials, MESSAGES, TOAST } from '@solutionz/shared';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { useAuthActions, useSession } from '@/lib/auth/session';

/**
 * The signed-in part of the header (spec 01 section 2.2): avatar with initials, the display name,
 * and the account menu. A chunk of its own: signed-out visitors never load it.
 */
export default function AccountMenu() {
  const session = useSession();
  const { signOut } = useAuthActions();
  const navigate = useNavigate();
  if (session.status !== 'signedIn') return null;
  const name = session.profile?.displayName ?? displayName({ email: session.user.email });

  async function handleSignOut() {
    try {
      await signOut();
      toaster.success({ ...MESSAGES.signOut.success, duration: TOAST.signOutDurationMs });
      navigate(paths.home);
    } catch (error) {
      console.error('Sign out failed', error);
      toaster.error({ ...MESSAGES.signOut.failure, duration: TOAST.signOutDurationMs });
    }
  }

  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button variant="ghost" px="2" gap="2">
          <Avatar.Root size="sm" colorPalette="brand" aria-hidden="true">
            <Avatar.Fallback>{initials(name)}</Avatar.Fallback>
          </Avatar.Root>
          <Text as="span" maxW="40" truncate>
            {name}
          </Text>
          <LuChevronDown aria-hidden="true" />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="52">
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>{name}</Menu.ItemGroupLabel>
              <Menu.Item value="photo" onSelect={() => navigate(paths.account)}>
                Change Profile Photo
              </Menu.Item>
              <Menu.Item value="profile" onSelect={() => navigate(paths.profile)}>
                My Profile
              </Menu.Item>
              <Menu.Item value="account" onSelect={() => navigate(paths.account)}>
                Account Settings
              </Menu.Item>
            </Menu.ItemGroup>
            <Menu.Separator />
            <Menu.Item value="sign-out" onSelect={() => void handleSignOut()}>
              Sign Out
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
