import { ACCOUNT_MESSAGES, PROFILE_MESSAGES, type NotificationSettings, type NotificationSettingsUpdate } from '@solutionz/shared';
import type { AuthorizedCaller } from '../../auth/caller';
import type { NotificationSettingsRecord } from '../../data/account-repository';
import { NotFoundError, ValidationError } from '../../errors';
import { toMeResponse } from '../accounts/me';
import type { ProfilesDeps } from './deps';
import { refuseDeletedCategories } from '../category-check';

/**
 * PUT /api/me/notifications (docs/product/account-settings.md#notifications-tab): providers have Job Alerts and credential
 * expiry reminders, clients Provider Updates, both message e-mails; the other part is refused by name. Stored on the
 * profile, and the job alerts index follows; the answer is the whole settings, defaults filled in.
 */
export async function updateNotificationSettings(
  deps: Pick<ProfilesDeps, 'accounts' | 'directory' | 'clock'>,
  caller: AuthorizedCaller,
  input: NotificationSettingsUpdate,
): Promise<NotificationSettings> {
  const refused: Record<string, string> = {
    ...(input.jobAlerts && caller.accountType !== 'provider' ? { 'body.jobAlerts': PROFILE_MESSAGES.jobAlertsProvidersOnly } : {}),
    ...(input.providerUpdates && caller.accountType !== 'client' ? { 'body.providerUpdates': PROFILE_MESSAGES.providerUpdatesClientsOnly } : {}),
    ...(input.credentialReminders && caller.accountType !== 'provider'
      ? { 'body.credentialReminders': PROFILE_MESSAGES.credentialRemindersProvidersOnly }
      : {}),
  };
  if (Object.keys(refused).length > 0) throw new ValidationError(refused);

  await refuseDeletedCategories(deps.directory, input.jobAlerts?.categories, 'body.jobAlerts.categories');
  const profile = await deps.accounts.getProfile(caller.userId, { consistent: true });
  if (!profile) throw new NotFoundError(ACCOUNT_MESSAGES.profileNotFound);
  const changes: NotificationSettingsRecord = {
    ...(input.jobAlerts ? { jobAlerts: { ...input.jobAlerts, categories: [...new Set(input.jobAlerts.categories)] } } : {}),
    ...(input.providerUpdates ? { providerUpdates: input.providerUpdates } : {}),
    ...(input.messages ? { messageMails: input.messages } : {}),
    ...(input.credentialReminders ? { credentialReminders: input.credentialReminders } : {}),
  };
  const now = deps.clock();
  if (Object.keys(changes).length > 0) await deps.accounts.setNotificationSettings(profile.userId, changes, now.toISOString());
  // The job alerts index is kept with the listing (directory.ts).
  if (changes.jobAlerts) await deps.directory.syncListing(profile.userId, now);
  return toMeResponse({ ...profile, ...changes }, now).notifications;
}
