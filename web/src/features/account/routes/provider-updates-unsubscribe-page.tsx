import { useMutation } from '@tanstack/react-query';
import { PROVIDER_UPDATES_MESSAGES, providerUpdateRoutes } from '@solutionz/shared';
import { UnsubscribeLinkPage } from '@/components/notifications/unsubscribe-link-page';
import { apiRequest } from '@/lib/api-client';

const TEXTS = {
  title: 'Provider updates',
  unsubscribed: PROVIDER_UPDATES_MESSAGES.unsubscribed,
  offer: 'Stop the e-mails about professionals you saved? You can turn Provider Updates on again in your notification settings.',
  action: 'Unsubscribe from provider updates',
  working: 'Unsubscribing you from provider updates...',
  done: 'You will get no more e-mails about professionals you saved. You can turn Provider Updates on again in your notification settings.',
  invalid: PROVIDER_UPDATES_MESSAGES.unsubscribeInvalid,
};

/** /provider-updates/unsubscribe?token=: the unsubscribe link of a provider update mail; its button turns the client's Provider Updates off. */
export function ProviderUpdatesUnsubscribePage() {
  const unsubscribe = useMutation({ mutationFn: (token: string) => apiRequest(providerUpdateRoutes.unsubscribeProviderUpdates, { body: { token } }) });
  return <UnsubscribeLinkPage texts={TEXTS} unsubscribe={unsubscribe} />;
}
