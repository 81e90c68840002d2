import { IconButton } from '@chakra-ui/react';
import { HeartIcon } from 'lucide-react';
import { DIRECTORY_MESSAGES } from '@solutionz/shared';
import { toastFailure } from '@/components/ui/failure-toast';
import { toaster } from '@/components/ui/toaster';
import { useSession } from '@/lib/auth/session';
import { useSavedProviderIds, useToggleSavedProvider } from '@/entities/providers/api/saved-providers';

export interface SaveProviderButtonProps {
  readonly providerId: string;
  /** What the provider goes by on the card (business or person), for the button's name. */
  readonly providerName: string;
}

/** The heart on a provider card and page: saves or removes the professional for the signed-in person. */
function SaveToggle({ userId, providerId, providerName }: SaveProviderButtonProps & { userId: string }) {
  const savedIds = useSavedProviderIds(userId);
  const toggle = useToggleSavedProvider(userId);
  const saved = savedIds.data?.has(providerId) ?? false;

  const onClick = () =>
    toggle.mutate(
      { providerId, save: !saved },
      {
        onSuccess: (answer) => toaster.success({ title: answer.saved ? DIRECTORY_MESSAGES.saved : DIRECTORY_MESSAGES.removed }),
        onError: (error) => toastFailure(error, { title: DIRECTORY_MESSAGES.saveFailed, description: error.message }),
      },
    );

  return (
    <IconButton
      aria-label={saved ? `Remove ${providerName} from saved` : `Save ${providerName}`}
      aria-pressed={saved}
      variant="ghost"
      size="sm"
      borderRadius="full"
      color={saved ? 'red.600' : 'fg.muted'}
      // Until the saved list is known the button cannot say which way it would go.
      disabled={savedIds.isPending}
      onClick={onClick}
    >
      <HeartIcon fill={saved ? 'currentColor' : 'none'} aria-hidden="true" />
    </IconButton>
  );
}

/**
 * Only signed-in people save professionals (docs/product/directory.md#saved-professionals), and nobody saves
 * themselves (no save button on one's own page: docs/product/provider-profile.md#the-owners-view).
 */
export function SaveProviderButton({ providerId, providerName }: SaveProviderButtonProps) {
  const session = useSession();
  if (session.status !== 'signedIn' || session.user.userId === providerId) return null;
  return <SaveToggle userId={session.user.userId} providerId={providerId} providerName={providerName} />;
}
