import type { UnsubscribeResponse } from '@solutionz/shared';
import type { AccountRepository, NotificationSettingsRecord, ProfileRecord } from '../data/account-repository';
import { ValidationError } from '../errors';

/** Where an unsubscribe token came in: the page's JSON body, or the query of the one-click POST. */
export type UnsubscribeTokenField = 'body.token' | 'query.token';

/** One kind of mail a link turns off. */
export interface MailSetting {
  /** The words for a token that names no one. */
  readonly invalidMessage: string;
  readonly isOn: (profile: ProfileRecord) => boolean;
  /** The settings with it off (what else the setting holds stays, for when it is turned on again). */
  readonly off: (profile: ProfileRecord) => NotificationSettingsRecord;
}

/**
 * What a mail's unsubscribe link does, signed out (job alerts, provider updates, message mails): the
 * token's owner, found by the mail's own repository (undefined for a token that is malformed, unknown or
 * wrong: refused on the field it came in), has that mail turned off if it is on, and `turnedOff` follows
 * (the directory, for job alerts). Again is the same answer.
 */
export async function turnOffByToken(
  deps: { readonly accounts: Pick<AccountRepository, 'getProfile' | 'setNotificationSettings'>; readonly clock: () => Date },
  ownerOf: Promise<string | undefined>,
  tokenField: UnsubscribeTokenField,
  setting: MailSetting,
  turnedOff?: (ownerId: string) => Promise<unknown>,
): Promise<UnsubscribeResponse> {
  const ownerId = await ownerOf;
  if (!ownerId) throw new ValidationError({ [tokenField]: setting.invalidMessage }, setting.invalidMessage);
  const profile = await deps.accounts.getProfile(ownerId, { consistent: true });
  if (profile && setting.isOn(profile)) {
    await deps.accounts.setNotificationSettings(ownerId, setting.off(profile), deps.clock().toISOString());
    await turnedOff?.(ownerId);
  }
  return { unsubscribed: true };
}
