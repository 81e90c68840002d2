import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { MESSAGES, SECURITY_MESSAGES, type MeResponse } from '@solutionz/shared';
import { StatusBadge } from '@/components/ui/status-badge';
import { ToggleSwitch } from '@/components/ui/toggle-switch';
import { toastFailure } from '@/components/ui/failure-toast';
import { ApiError } from '@/lib/api-client';
import { useDownloadMyData } from '../../api/security';

// Each dialog is its own chunk, loaded when opened (the 2-step one brings the QR code library).
const ChangeEmailDialog = lazy(() => import('./change-email-dialog'));
const ChangePasswordDialog = lazy(() => import('./change-password-dialog'));
const TwoStepOnDialog = lazy(() => import('./two-step-on-dialog'));
const TwoStepOffDialog = lazy(() => import('./two-step-off-dialog'));
const SignOutEverywhereDialog = lazy(() => import('./sign-out-everywhere-dialog'));
const DeleteAccountDialog = lazy(() => import('./delete-account-dialog'));

type OpenDialog = 'email' | 'password' | 'twoStepOn' | 'twoStepOff' | 'everywhere' | 'delete';

function SecurityItem({ title, status, description, action }: { title: string; status?: ReactNode; description: ReactNode; action?: ReactNode }) {
  return (
    <Stack
      as="section"
      direction={{ base: 'column', sm: 'row' }}
      gap="4"
      justify="space-between"
      align={{ base: 'start', sm: 'center' }}
      p="5"
      borderWidth="1px"
      borderRadius="lg"
    >
      <Stack gap="1" flex="1">
        <HStack gap="2">
          <Heading as="h3" size="md">
            {title}
          </Heading>
          {status}
        </HStack>
        <Text color="fg.muted" fontSize="sm">
          {description}
        </Text>
      </Stack>
      {action}
    </Stack>
  );
}

/**
 * The security tab (docs/product/account-settings.md#security-tab): every control does what it says, on the
 * server; none is a placeholder.
 */
export function SecurityTab({ profile }: { profile: MeResponse }) {
  const [open, setOpen] = useState<OpenDialog | null>(null);
  const download = useDownloadMyData();
  const close = () => setOpen(null);

  const downloadData = () =>
    download.mutate(undefined, {
      onError: (error) => toastFailure(error, { title: 'Download failed', description: error instanceof ApiError ? error.message : MESSAGES.api.internal }),
    });

  return (
    <Stack gap="4">
      <Heading as="h2" size="xl">
        Account Security
      </Heading>
      {/* Administrators sign in with a username (mapped to an internal address the API will not change). */}
      {profile.accountType === 'admin' ? (
        <SecurityItem title="E-mail address" description={SECURITY_MESSAGES.adminEmailFixed} />
      ) : (
        <SecurityItem
          title="E-mail address"
          description={`You sign in with ${profile.email}. A change takes effect when you open the link we send to the new address.`}
          action={
            <Button variant="outline" onClick={() => setOpen('email')}>
              Change e-mail
            </Button>
          }
        />
      )}
      <SecurityItem
        title="Password"
        description="Change the password you sign in with. Your other devices are signed out."
        action={
          <Button variant="outline" onClick={() => setOpen('password')}>
            Change password
          </Button>
        }
      />
      <SecurityItem
        title="2-step verification"
        status={<StatusBadge tone={profile.mfaEnabled ? 'green' : 'gray'}>{profile.mfaEnabled ? 'On' : 'Off'}</StatusBadge>}
        description={
          profile.mfaEnabled
            ? 'Signing in asks for a code from your authenticator app as well as your password.'
            : 'Ask for a code from an authenticator app as well as your password when you sign in.'
        }
        action={
          <Button variant="outline" onClick={() => setOpen(profile.mfaEnabled ? 'twoStepOff' : 'twoStepOn')}>
            {profile.mfaEnabled ? 'Turn off' : 'Turn on'}
          </Button>
        }
      />
      <SecurityItem title="Security alerts" description={SECURITY_MESSAGES.alertsAlwaysOn} action={<ToggleSwitch label="Security alerts" checked disabled />} />
      <SecurityItem
        title="Sign out of all devices"
        description="Signs you out on every browser and device, this one included."
        action={
          <Button variant="outline" onClick={() => setOpen('everywhere')}>
            Sign out everywhere
          </Button>
        }
      />
      <SecurityItem
        title="Download my data"
        description="A JSON file of everything we hold about you: your account, profile and settings."
        action={
          <Button variant="outline" onClick={downloadData} loading={download.isPending} loadingText="Preparing...">
            Download my data
          </Button>
        }
      />
      {/* An administrator account is removed by another administrator, with a reason (the API refuses it here). */}
      {profile.accountType === 'admin' ? (
        <SecurityItem title="Delete account" description={SECURITY_MESSAGES.adminCannotDeleteSelf} />
      ) : (
        <SecurityItem
          title="Delete account"
          description="Remove your account and the data we hold about you, for good."
          action={
            <Button colorPalette="red" variant="outline" onClick={() => setOpen('delete')}>
              Delete account
            </Button>
          }
        />
      )}
      <Suspense>
        {open === 'email' && <ChangeEmailDialog profile={profile} onClose={close} />}
        {open === 'password' && <ChangePasswordDialog profile={profile} onClose={close} />}
        {open === 'twoStepOn' && <TwoStepOnDialog profile={profile} onClose={close} />}
        {open === 'twoStepOff' && <TwoStepOffDialog profile={profile} onClose={close} />}
        {open === 'everywhere' && <SignOutEverywhereDialog onClose={close} />}
        {open === 'delete' && <DeleteAccountDialog onClose={close} />}
      </Suspense>
    </Stack>
  );
}
