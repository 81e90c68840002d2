import { Box, Button, Container, Heading, Link, Stack, Tabs, Text } from '@chakra-ui/react';
import { lazy, Suspense, type ComponentType } from 'react';
import { LogOutIcon, UserIcon } from 'lucide-react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { PRODUCT_NAME, PROFILE_MESSAGES, type AccountType, type MeResponse } from '@solutionz/shared';
import { LoadFailed } from '@/components/errors/load-failed';
import { PageLoading } from '@/components/layout/page-loading';
import { useSignOut } from '@/components/layout/use-sign-out';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ProfileTab } from '../components/profile-form';
import { SettingsErrorBoundary } from '../components/settings-error-boundary';

type TabProps = { profile: MeResponse };
// The profile tab opens first; the others load when chosen.
const SecurityTab = lazy(() => import('../components/security/security-tab').then((m) => ({ default: m.SecurityTab })));
const NotificationsTab = lazy(() => import('../components/notifications-tab').then((m) => ({ default: m.NotificationsTab })));
const BookmarksTab = lazy(() => import('../components/settings-panels').then((m) => ({ default: m.BookmarksTab })));
const PaymentsTab = lazy(() => import('../components/settings-panels').then((m) => ({ default: m.PaymentsTab })));
const CredentialsTab = lazy(() => import('../components/credentials-tab').then((m) => ({ default: m.CredentialsTab })));

interface SettingsTab {
  readonly value: string;
  /** The sidebar's name for it (docs/product/account-settings.md#account-settings). */
  readonly label: string;
  readonly Content: ComponentType<TabProps>;
  readonly for?: AccountType;
}

export const SETTINGS_TABS: readonly SettingsTab[] = [
  { value: 'profile', label: 'My Profile', Content: ProfileTab },
  { value: 'security', label: 'Account Security', Content: SecurityTab },
  { value: 'notifications', label: 'Notifications', Content: NotificationsTab },
  { value: 'bookmarks', label: 'Bookmarks', Content: BookmarksTab },
  { value: 'credentials', label: 'Credentials', Content: CredentialsTab, for: 'provider' },
  { value: 'payments', label: 'Subscriptions', Content: PaymentsTab, for: 'provider' },
];

const DEFAULT_TAB = 'profile';

/**
 * /account (docs/product/account-settings.md#account-settings): a tab menu on the left (the tab is in the address, `?tab=`), View
 * My Profile and Sign Out under it, and the chosen tab beside it. A tab the menu does not offer
 * says so: "Tab content not found", or "Access denied" for another account type's tab.
 */
export function AccountSettingsPage() {
  useDocumentTitle(`Account Settings | ${PRODUCT_NAME}`);
  const session = useSession();
  const signOut = useSignOut();
  const [params, setParams] = useSearchParams();
  const profile = session.status === 'signedIn' ? session.profile : undefined;
  const tabValue = params.get('tab') ?? DEFAULT_TAB;

  if (!profile) {
    return session.status === 'signedIn' && session.profileStatus === 'error' ? (
      <Container maxW="6xl" py="12">
        <LoadFailed message={PROFILE_MESSAGES.settingsFailed} />
      </Container>
    ) : (
      <PageLoading />
    );
  }

  const offered = SETTINGS_TABS.filter((tab) => !tab.for || tab.for === profile.accountType);
  const current = SETTINGS_TABS.find((tab) => tab.value === tabValue);
  const choose = (value: string) =>
    setParams(
      (before) => {
        const next = new URLSearchParams(before);
        next.set('tab', value);
        return next;
      },
      { replace: true },
    );

  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }} px={{ base: '4', md: '6' }}>
      <Heading as="h1" size="2xl" mb="6">
        Account Settings
      </Heading>
      <Tabs.Root
        value={offered.some((tab) => tab.value === tabValue) ? tabValue : null}
        onValueChange={(details) => choose(details.value)}
        orientation="vertical"
        variant="subtle"
        lazyMount
        unmountOnExit
        display="grid"
        gridTemplateColumns={{ base: '1fr', md: '15rem 1fr' }}
        gap="8"
        alignItems="start"
      >
        <Stack gap="4">
          <Tabs.List aria-label="Settings" width="full">
            {offered.map((tab) => (
              <Tabs.Trigger key={tab.value} value={tab.value} justifyContent="start">
                {tab.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Stack gap="2" borderTopWidth="1px" pt="4">
            <Link asChild color="brand.fg" fontWeight="medium">
              {/* A provider's public page; the others have no page in the directory, so their own profile. */}
              <RouterLink to={profile.accountType === 'provider' ? paths.provider(profile.userId) : paths.profile}>
                <UserIcon aria-hidden="true" />
                View My Profile
              </RouterLink>
            </Link>
            <Button variant="ghost" justifyContent="start" px="0" onClick={() => void signOut()}>
              <LogOutIcon aria-hidden="true" />
              Sign Out
            </Button>
          </Stack>
        </Stack>
        <Box minW="0">
          {offered.map(({ value, Content }) => (
            <Tabs.Content key={value} value={value} pt="0">
              <SettingsErrorBoundary>
                <Suspense fallback={<PageLoading />}>
                  <Content profile={profile} />
                </Suspense>
              </SettingsErrorBoundary>
            </Tabs.Content>
          ))}
          {!current && <Text>{PROFILE_MESSAGES.unknownTab}</Text>}
          {current && !offered.includes(current) && (
            // Another account type's tab: its content says Access denied.
            <Suspense fallback={<PageLoading />}>
              <current.Content profile={profile} />
            </Suspense>
          )}
        </Box>
      </Tabs.Root>
    </Container>
  );
}
