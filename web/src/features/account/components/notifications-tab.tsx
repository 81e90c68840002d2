import { Button, Field, Heading, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useId, useState, type ReactNode } from 'react';
import {
  MESSAGE_MAIL_LIMITS,
  MESSAGES,
  NOTIFICATION_MESSAGES,
  RADIUS_OPTIONS_MILES,
  TOAST,
  type MeResponse,
  type NotificationSettingsUpdate,
  type RadiusMiles,
} from '@solutionz/shared';
import { TaxonomyPicker } from '@/entities/categories/components/taxonomy-picker';
import { toastFailure } from '@/components/ui/failure-toast';
import { toaster } from '@/components/ui/toaster';
import { ToggleSwitch } from '@/components/ui/toggle-switch';
import { ApiError } from '@/lib/api-client';
import { useUpdateNotificationSettings } from '../api/profile';

/** One kind of notification with its own Save: a region named by its heading, so each Save is told apart. */
function SettingsSection({
  title,
  description,
  children,
  onSave,
  saving,
}: {
  title: string;
  description: string;
  children: ReactNode;
  onSave: () => void;
  saving: boolean;
}) {
  const headingId = useId();
  return (
    <Stack as="section" aria-labelledby={headingId} gap="4" p="5" borderWidth="1px" borderRadius="lg">
      <Stack gap="1">
        <Heading as="h3" size="md" id={headingId}>
          {title}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {description}
        </Text>
      </Stack>
      {children}
      <Button alignSelf="start" onClick={onSave} loading={saving} loadingText="Saving...">
        Save
      </Button>
    </Stack>
  );
}

function useSaveSettings(userId: string, failureTitle: string = NOTIFICATION_MESSAGES.saveFailed) {
  const update = useUpdateNotificationSettings(userId);
  const save = (settings: NotificationSettingsUpdate) =>
    update.mutate(settings, {
      onSuccess: () => toaster.success({ ...NOTIFICATION_MESSAGES.saved, duration: TOAST.profileDurationMs }),
      onError: (error) =>
        toastFailure(error, {
          title: failureTitle,
          description: error instanceof ApiError ? error.message : MESSAGES.api.internal,
          duration: TOAST.profileDurationMs,
        }),
    });
  return { save, saving: update.isPending };
}

/** Job Alerts (providers): on or off, how far away, which categories; the jobs work sends them. */
function JobAlerts({ profile }: { profile: MeResponse }) {
  const [settings, setSettings] = useState(profile.notifications.jobAlerts);
  const { save, saving } = useSaveSettings(profile.userId, NOTIFICATION_MESSAGES.jobAlertsSaveFailed);
  return (
    <SettingsSection
      title="Job Alerts"
      description="E-mails about new jobs posted near you in the categories you choose, for members listed in the directory."
      onSave={() => save({ jobAlerts: settings })}
      saving={saving}
    >
      <ToggleSwitch label="Send me job alerts" checked={settings.enabled} onChange={(enabled) => setSettings({ ...settings, enabled })} />
      <Field.Root>
        <Field.Label>Radius</Field.Label>
        <NativeSelect.Root maxW="xs">
          <NativeSelect.Field
            value={settings.radiusMiles}
            onChange={(event) => setSettings({ ...settings, radiusMiles: Number(event.currentTarget.value) as RadiusMiles })}
          >
            {RADIUS_OPTIONS_MILES.map((miles) => (
              <option key={miles} value={miles}>
                {miles} miles
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.HelperText>How far from your location a job may be.</Field.HelperText>
      </Field.Root>
      <TaxonomyPicker
        legend="Job alert categories"
        helperText="The kinds of job you want to hear about. No categories chosen: the services on your profile."
        value={settings.categories}
        onChange={(categories) => setSettings({ ...settings, categories })}
      />
    </SettingsSection>
  );
}

/** Provider Updates (clients): news from professionals they saved. */
function ProviderUpdates({ profile }: { profile: MeResponse }) {
  const [settings, setSettings] = useState(profile.notifications.providerUpdates);
  const { save, saving } = useSaveSettings(profile.userId);
  return (
    <SettingsSection
      title="Provider Updates"
      description="An e-mail when a professional you saved adds new work or changes their services: at most one a week about each."
      onSave={() => save({ providerUpdates: settings })}
      saving={saving}
    >
      <ToggleSwitch label="Send me provider updates" checked={settings.enabled} onChange={(enabled) => setSettings({ enabled })} />
    </SettingsSection>
  );
}

/** Message e-mails (clients and providers): a message not read within ten minutes is e-mailed, at most one an hour a conversation. */
function MessageMails({ profile }: { profile: MeResponse }) {
  const [settings, setSettings] = useState(profile.notifications.messages);
  const { save, saving } = useSaveSettings(profile.userId);
  return (
    <SettingsSection
      title="Messages"
      description={`An e-mail when a message waits unread for ${MESSAGE_MAIL_LIMITS.delayMinutes} minutes: at most one an hour about each conversation.`}
      onSave={() => save({ messages: settings })}
      saving={saving}
    >
      <ToggleSwitch label="E-mail me about unread messages" checked={settings.enabled} onChange={(enabled) => setSettings({ enabled })} />
    </SettingsSection>
  );
}

/** Credential expiry reminders (providers): an e-mail 30 and 7 days before a checked credential expires. */
function CredentialReminders({ profile }: { profile: MeResponse }) {
  const [settings, setSettings] = useState(profile.notifications.credentialReminders);
  const { save, saving } = useSaveSettings(profile.userId);
  return (
    <SettingsSection
      title="Credential Reminders"
      description="An e-mail 30 days and 7 days before a checked insurance or registration expires, so you can renew it in time."
      onSave={() => save({ credentialReminders: settings })}
      saving={saving}
    >
      <ToggleSwitch label="Remind me before my credentials expire" checked={settings.enabled} onChange={(enabled) => setSettings({ enabled })} />
    </SettingsSection>
  );
}

/**
 * The notifications tab (docs/product/account-settings.md#notifications-tab): providers see Job Alerts and Credential Reminders;
 * clients see Provider Updates; both see Messages.
 */
export function NotificationsTab({ profile }: { profile: MeResponse }) {
  return (
    <Stack gap="4">
      <Heading as="h2" size="xl">
        Notifications
      </Heading>
      {profile.accountType === 'provider' && <JobAlerts profile={profile} />}
      {profile.accountType === 'client' && <ProviderUpdates profile={profile} />}
      {profile.accountType !== 'admin' && <MessageMails profile={profile} />}
      {profile.accountType === 'provider' && <CredentialReminders profile={profile} />}
      {profile.accountType === 'admin' && <Text color="fg.muted">Admin accounts have no notification settings.</Text>}
    </Stack>
  );
}
