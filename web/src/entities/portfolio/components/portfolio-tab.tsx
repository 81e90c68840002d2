import { Button, Heading, HStack, SimpleGrid, Skeleton, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { PlusIcon } from 'lucide-react';
import { PORTFOLIO_LIMITS, PORTFOLIO_MESSAGES, PROFILE_MESSAGES, type PortfolioItem } from '@solutionz/shared';
import { LoadFailed } from '@/components/errors/load-failed';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toastFailure } from '@/components/ui/failure-toast';
import { toaster } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-client';
import { useDeletePortfolioItem, usePortfolio, useReorderPortfolio } from '@/entities/portfolio/api/portfolio';
import { moveButtonId, PortfolioCard, type MoveDirection } from './portfolio-card';
import { useMembershipGate } from './use-membership-gate';

// Only owners edit: visitors never load the editor's code.
const PortfolioEditor = lazy(() => import('./portfolio-editor').then((module) => ({ default: module.PortfolioEditor })));

export interface PortfolioTabProps {
  readonly providerId: string;
  /** The signed-in provider looking at their own portfolio: they add, edit, reorder and delete items. */
  readonly isOwner: boolean;
}

const serverMessage = (error: unknown, fallback: string) => (error instanceof ApiError && error.status < 500 ? error.message : fallback);

function Empty({ description, action }: { description: string; action?: ReactNode }) {
  return (
    <Stack gap="3" align="center" textAlign="center" py="10" px="4" borderWidth="1px" borderStyle="dashed" borderRadius="lg">
      <Heading as="h3" size="md">
        No portfolio items yet
      </Heading>
      <Text color="fg.muted" maxW="md">
        {description}
      </Text>
      {action}
    </Stack>
  );
}

function Loading() {
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="5" aria-busy="true">
      <VisuallyHidden>Loading portfolio...</VisuallyHidden>
      {[0, 1, 2].map((key) => (
        <Stack key={key} gap="3" p="4" borderWidth="1px" borderRadius="lg">
          <Skeleton width="full" aspectRatio="4 / 3" />
          <Skeleton height="5" width="60%" />
          <Skeleton height="4" width="85%" />
        </Stack>
      ))}
    </SimpleGrid>
  );
}

function Grid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid as="ul" columns={{ base: 1, sm: 2, lg: 3 }} gap="5" listStyleType="none" aria-label="Portfolio items">
      {children}
    </SimpleGrid>
  );
}

/**
 * The Portfolio tab of a provider's page and of /profile (docs/product/provider-profile.md#portfolio):
 * everyone sees the items; the owner also adds, edits, reorders and deletes them.
 */
export function PortfolioTab({ providerId, isOwner }: PortfolioTabProps) {
  const portfolio = usePortfolio(providerId, isOwner);
  if (portfolio.isPending) return <Loading />;
  if (portfolio.isError) {
    return <LoadFailed message={PORTFOLIO_MESSAGES.loadFailed} onRetry={() => void portfolio.refetch()} />;
  }
  const { items } = portfolio.data;
  if (isOwner) return <OwnPortfolio userId={providerId} items={items} />;
  if (items.length === 0) return <Empty description="This professional hasn't added any photos or videos of their work yet." />;
  return (
    <Grid>
      {items.map((item) => (
        <li key={item.id}>
          <PortfolioCard item={item} />
        </li>
      ))}
    </Grid>
  );
}

type Editing = { readonly item?: PortfolioItem } | null;

function OwnPortfolio({ userId, items }: { userId: string; items: readonly PortfolioItem[] }) {
  const gate = useMembershipGate();
  const reorder = useReorderPortfolio(userId);
  const remove = useDeletePortfolioItem(userId);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<PortfolioItem | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // The moved card's button keeps focus, although the card moved (or that button is now disabled).
  const focusAfterMove = useRef<{ itemId: string; direction: MoveDirection } | null>(null);

  useEffect(() => {
    const pending = focusAfterMove.current;
    if (!pending) return;
    focusAfterMove.current = null;
    const same = document.getElementById(moveButtonId(pending.itemId, pending.direction));
    const other = document.getElementById(moveButtonId(pending.itemId, pending.direction === 'up' ? 'down' : 'up'));
    (same instanceof HTMLButtonElement && !same.disabled ? same : other)?.focus();
  }, [items]);

  const full = items.length >= PORTFOLIO_LIMITS.maxItemsPerProvider;
  const add = () => gate.whenSubscribed(() => setEditing({}));

  const move = (item: PortfolioItem, direction: MoveDirection) =>
    gate.whenSubscribed(() => {
      const from = items.findIndex((each) => each.id === item.id);
      const to = direction === 'up' ? from - 1 : from + 1;
      if (from < 0 || to < 0 || to >= items.length) return;
      const next = [...items];
      [next[from], next[to]] = [next[to]!, next[from]!];
      focusAfterMove.current = { itemId: item.id, direction };
      setAnnouncement(`${item.title} moved to position ${to + 1} of ${items.length}.`);
      reorder.mutate(next, {
        onError: (error) => {
          if (gate.handledAsUnsubscribed(error)) return;
          toastFailure(error, { title: PROFILE_MESSAGES.saveFailed.title, description: serverMessage(error, PROFILE_MESSAGES.saveFailed.description) });
        },
      });
    });

  const confirmDelete = (item: PortfolioItem) =>
    remove.mutate(item.id, {
      onSuccess: () => {
        toaster.success({ title: PORTFOLIO_MESSAGES.deleted });
        setDeleting(null);
      },
      onError: (error) =>
        toastFailure(error, { title: PORTFOLIO_MESSAGES.deleteFailed.title, description: serverMessage(error, PORTFOLIO_MESSAGES.deleteFailed.description) }),
    });

  const addButton = (
    <Button size="sm" onClick={add} disabled={full}>
      <PlusIcon aria-hidden="true" />
      Add Portfolio Item
    </Button>
  );

  return (
    <Stack gap="5">
      {items.length === 0 ? (
        <Empty description="Photos and videos of your work will be shown here and on your public profile." action={addButton} />
      ) : (
        <>
          <HStack justify="space-between" gap="3" wrap="wrap">
            <Text color="fg.muted" fontSize="sm">
              {full ? PORTFOLIO_MESSAGES.tooManyItems : 'Clients see these on your public profile, in this order.'}
            </Text>
            {addButton}
          </HStack>
          <Grid>
            {items.map((item, position) => (
              <li key={item.id}>
                <PortfolioCard
                  item={item}
                  actions={{
                    position,
                    count: items.length,
                    onMove: (direction) => move(item, direction),
                    onEdit: () => gate.whenSubscribed(() => setEditing({ item })),
                    onDelete: () => setDeleting(item),
                  }}
                />
              </li>
            ))}
          </Grid>
        </>
      )}
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>

      {editing && (
        <Suspense>
          <PortfolioEditor userId={userId} item={editing.item} onClose={() => setEditing(null)} />
        </Suspense>
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete this portfolio item?"
          onClose={() => setDeleting(null)}
          busy={remove.isPending}
          confirmLabel="Delete"
          busyLabel="Deleting…"
          onConfirm={() => confirmDelete(deleting)}
        >
          <Text>“{deleting.title}” and its photos and videos will be removed from your portfolio and your public profile. This cannot be undone.</Text>
        </ConfirmDialog>
      )}
    </Stack>
  );
}
