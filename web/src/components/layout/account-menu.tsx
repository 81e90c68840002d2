import { Button, Menu, Portal, Text } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { ChevronDownIcon } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { displayName } from '@solutionz/shared';
import { UserAvatar } from '@/components/ui/user-avatar';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session';
import { useSignOut } from './use-sign-out';

// Opened from the menu now and then; its upload code need not load with every signed-in page.
const AvatarUploadDialog = lazy(() => import('@/components/avatar/avatar-upload-dialog'));

/**
 * The signed-in part of the header (docs/product/site.md#site-shell): the profile picture (or initials), the
 * display name, and the account menu. A chunk of its own: signed-out visitors never load it.
 */
export default function AccountMenu() {
  const session = useSession();
  const signOut = useSignOut();
  const [photoOpen, setPhotoOpen] = useState(false);
  if (session.status !== 'signedIn') return null;
  const name = session.profile?.displayName ?? displayName({ email: session.user.email });

  return (
    <>
      <Menu.Root positioning={{ placement: 'bottom-end' }}>
        <Menu.Trigger asChild>
          <Button variant="ghost" px="2" gap="2">
            <UserAvatar name={name} src={session.profile?.avatarUrl} size="sm" aria-hidden="true" />
            <Text as="span" maxW="40" truncate>
              {name}
            </Text>
            <ChevronDownIcon aria-hidden="true" />
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="52">
              <Menu.ItemGroup>
                <Menu.ItemGroupLabel>{name}</Menu.ItemGroupLabel>
                <Menu.Item value="photo" onSelect={() => setPhotoOpen(true)}>
                  Change Profile Photo
                </Menu.Item>
                {/* Links, not buttons: they can be opened in a new tab, and their address shows where they go. */}
                <Menu.Item value="profile" asChild>
                  <RouterLink to={paths.profile}>My Profile</RouterLink>
                </Menu.Item>
                <Menu.Item value="account" asChild>
                  <RouterLink to={paths.account}>Account Settings</RouterLink>
                </Menu.Item>
              </Menu.ItemGroup>
              <Menu.Separator />
              <Menu.Item value="sign-out" onSelect={() => void signOut()}>
                Sign Out
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      {photoOpen && (
        <Suspense>
          <AvatarUploadDialog open onOpenChange={setPhotoOpen} />
        </Suspense>
      )}
    </>
  );
}
