import { Button } from '@chakra-ui/react';
import { MessageCircleIcon } from 'lucide-react';
import { NavLink } from 'react-router-dom';
import { CountBadge } from '@/components/ui/count-badge';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session';
import { useUnreadMessages } from '@/lib/unread-messages';

/**
 * Messages in the header, with the unread total on every page (docs/product/messages.md#reading-and-sending), for the two account types that
 * talk to each other; `compact` (an icon and the count) beside the phone's menu button. A chunk of its own,
 * like the account menu: signed-out visitors never load it.
 */
export default function MessagesLink({ compact = false }: { compact?: boolean }) {
  const session = useSession();
  const accountType = session.status === 'signedIn' ? session.profile?.accountType : undefined;
  const participant = accountType === 'client' || accountType === 'provider';
  const unread = useUnreadMessages(participant).data?.unreadTotal ?? 0;
  if (!participant) return null;
  const label = unread > 0 ? `Messages, ${unread} unread` : 'Messages';
  return (
    <Button asChild variant="ghost" px="2" gap="2" aria-label={label}>
      <NavLink to={paths.messages}>
        <MessageCircleIcon aria-hidden="true" />
        {!compact && 'Messages'}
        {unread > 0 && <CountBadge>{unread > 99 ? '99+' : unread}</CountBadge>}
      </NavLink>
    </Button>
  );
}
