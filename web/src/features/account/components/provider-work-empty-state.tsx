import { Button } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { MESSAGES } from '@solutionz/shared';
import type { MembershipRedirectState } from '@/components/layout/require-session';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { EmptyState } from './empty-state';

export interface ProviderWorkEmptyStateProps {
  title: string;
  description: string;
  actionLabel: string;
  subscribed: boolean;
}

/**
 * The empty Services and Portfolio tabs (docs/product/account-settings.md#own-profile-page): a subscribed provider goes to the
 * account settings; one without a membership goes to /membership, told why by a destructive toast.
 */
export function ProviderWorkEmptyState({ title, description, actionLabel, subscribed }: ProviderWorkEmptyStateProps) {
  const navigate = useNavigate();
  const act = () => {
    if (subscribed) return navigate(paths.account);
    toaster.error({ title: MESSAGES.api.subscriptionRequired, description: 'An active membership lets you show your services and portfolio to clients.' });
    const state: MembershipRedirectState = { redirectReason: 'subscription_required', redirectFrom: paths.profile };
    navigate(paths.membership, { state });
  };
  return (
    <EmptyState
      title={title}
      description={description}
      action={
        <Button size="sm" mt="1" onClick={act}>
          {actionLabel}
        </Button>
      }
    />
  );
}
