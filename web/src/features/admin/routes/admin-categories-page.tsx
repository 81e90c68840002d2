import { Box, Button, Container, Heading, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { closestCenter, DndContext, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useEffect, useRef, useState } from 'react';
import { ArrowDownIcon, ArrowUpIcon, GripVerticalIcon } from 'lucide-react';
import { ADMIN_CATEGORY_MESSAGES, PRODUCT_NAME, type AdminCategory, type AdminCategoryGroup } from '@solutionz/shared';
import { toastFailure } from '@/components/ui/failure-toast';
import { toaster } from '@/components/ui/toaster';
import { LoadFailed } from '@/components/errors/load-failed';
import { ApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import {
  useAdminCategories,
  useContinueCategoryProviders,
  useCreateCategory,
  useDeleteCategory,
  useReorderCategories,
  useUpdateCategory,
} from '../api/admin-api';
import { CategoryFormDialog, CategoryStatisticsDialog, DeleteCategoryDialog, fieldErrorsOf, type CategoryFormValues } from '../components/category-dialogs';
import { EmptyState, LoadingRows } from '../components/load-states';

const M = ADMIN_CATEGORY_MESSAGES;
const failureText = (error: unknown) => (error instanceof ApiError ? error.message : undefined);

type Dialog = { kind: 'add' } | { kind: 'edit' | 'delete' | 'statistics'; category: AdminCategory };

interface RowMoves {
  /** Moves the row one place up or down; absent at that end of the group. */
  readonly up?: () => void;
  readonly down?: () => void;
}

function CategoryRow({ category, onOpen, moves }: { category: AdminCategory; onOpen: (dialog: Dialog) => void; moves: RowMoves }) {
  const { listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: category.id });
  return (
    <Box
      as="li"
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      listStyleType="none"
      borderWidth="1px"
      borderRadius="md"
      bg={isDragging ? 'bg.muted' : 'bg'}
      px="3"
      py="2"
      position="relative"
      zIndex={isDragging ? 1 : undefined}
    >
      <HStack gap="3" flexWrap="wrap">
        {/* The handle is for a pointer; the arrow buttons are the keyboard's (and a screen reader's) way to move a row. */}
        <Box
          ref={setActivatorNodeRef}
          {...listeners}
          aria-hidden
          title={`Drag ${category.name} to reorder`}
          display="flex"
          alignItems="center"
          px="1"
          py="2"
          color="fg.muted"
          cursor="grab"
          touchAction="none"
        >
          <GripVerticalIcon />
        </Box>
        <Stack gap="0" flex="1" minW="8rem">
          <Text fontWeight="medium" overflowWrap="anywhere">
            {category.name}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {M.rowCount(category.providerCount, category.listedProviderCount)}
          </Text>
        </Stack>
        <HStack gap="2" flexWrap="wrap">
          <IconButton size="xs" variant="ghost" aria-label={`Move ${category.name} up`} disabled={!moves.up} onClick={moves.up}>
            <ArrowUpIcon />
          </IconButton>
          <IconButton size="xs" variant="ghost" aria-label={`Move ${category.name} down`} disabled={!moves.down} onClick={moves.down}>
            <ArrowDownIcon />
          </IconButton>
          <Button size="xs" variant="outline" aria-label={`Statistics for ${category.name}`} onClick={() => onOpen({ kind: 'statistics', category })}>
            Statistics
          </Button>
          <Button size="xs" variant="outline" aria-label={`Edit ${category.name}`} onClick={() => onOpen({ kind: 'edit', category })}>
            Edit
          </Button>
          <Button size="xs" variant="outline" colorPalette="red" aria-label={`Delete ${category.name}`} onClick={() => onOpen({ kind: 'delete', category })}>
            Delete
          </Button>
        </HStack>
      </HStack>
    </Box>
  );
}

/** One card per group; its rows reorder by dragging the handle or with the row's up and down buttons, within the group only. */
function GroupCard({ group, onOpen }: { group: AdminCategoryGroup; onOpen: (dialog: Dialog) => void }) {
  const reorder = useReorderCategories();
  // The order dropped shows at once, until the list read after the change replaces it (or the change fails).
  const [dropped, setDropped] = useState<{ from: readonly AdminCategory[]; order: AdminCategory[] }>();
  const order = dropped && dropped.from === group.categories ? dropped.order : group.categories;
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  const headingId = `group-${group.id}`;
  const nameOf = (id: string | number) => order.find((category) => category.id === id)?.name ?? String(id);
  // What a screen reader hears while a row moves: the categories by name.
  const announcements = {
    onDragStart: ({ active }: { active: { id: string | number } }) => `Picked up ${nameOf(active.id)}.`,
    onDragOver: ({ active, over }: { active: { id: string | number }; over: { id: string | number } | null }) =>
      over ? `${nameOf(active.id)} is over ${nameOf(over.id)}.` : `${nameOf(active.id)} is over no category.`,
    onDragEnd: ({ active, over }: { active: { id: string | number }; over: { id: string | number } | null }) =>
      over ? `${nameOf(active.id)} was dropped over ${nameOf(over.id)}.` : `${nameOf(active.id)} was put back.`,
    onDragCancel: ({ active }: { active: { id: string | number } }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };

  function onDragEnd({ active, over }: DragEndEvent) {
    // A drop outside the list, or where it started, does nothing.
    if (!over || active.id === over.id) return;
    move(
      order.findIndex((category) => category.id === active.id),
      order.findIndex((category) => category.id === over.id),
    );
  }

  function move(from: number, to: number) {
    if (from < 0 || to < 0 || to >= order.length) return;
    const next = arrayMove([...order], from, to);
    setDropped({ from: group.categories, order: next });
    reorder.mutate(
      { groupId: group.id, categoryIds: next.map((category) => category.id) },
      {
        onSuccess: () => toaster.success({ title: M.orderUpdated }),
        onError: (error) => {
          setDropped(undefined);
          toastFailure(error, { title: 'Error', description: failureText(error) ?? M.orderFailed });
        },
      },
    );
  }

  return (
    <Box as="section" aria-labelledby={headingId} borderWidth="1px" borderRadius="lg" p={{ base: '3', md: '4' }} bg="bg.panel">
      <HStack justify="space-between" mb="3" gap="2">
        <Heading as="h2" size="md" id={headingId} overflowWrap="anywhere">
          {group.name}
        </Heading>
        <Box as="span" px="2" borderRadius="full" bg="bg.emphasized" fontSize="sm" fontWeight="medium">
          {order.length}
          <Box as="span" srOnly>
            {' '}
            categories
          </Box>
        </Box>
      </HStack>
      {order.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          No categories in this group.
        </Text>
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements }}>
          <SortableContext items={order.map((category) => category.id)} strategy={verticalListSortingStrategy}>
            <Stack as="ul" gap="2" aria-label={`${group.name} categories`} m="0" p="0">
              {order.map((category, index) => (
                <CategoryRow
                  key={category.id}
                  category={category}
                  onOpen={onOpen}
                  moves={{
                    ...(index > 0 ? { up: () => move(index, index - 1) } : {}),
                    ...(index < order.length - 1 ? { down: () => move(index, index + 1) } : {}),
                  }}
                />
              ))}
            </Stack>
          </SortableContext>
        </DndContext>
      )}
    </Box>
  );
}

/**
 * Carries on the provider updates an edit or a deletion left unfinished (a large category), a chunk per
 * call, and says when they are done.
 */
function useProviderUpdates(pending: readonly { id: string; name: string }[] | undefined) {
  const next = useContinueCategoryProviders();
  const running = useRef(new Set<string>());
  useEffect(() => {
    for (const category of pending ?? []) {
      if (running.current.has(category.id)) continue;
      running.current.add(category.id);
      const step = () =>
        next.mutate(category.id, {
          onSuccess: (result) => {
            if (!result.providersDone) return step();
            running.current.delete(category.id);
            toaster.success({ title: M.providersUpdated, description: category.name });
          },
          onError: () => running.current.delete(category.id),
        });
      step();
    }
  }, [pending, next]);
}

/** /admin/categories (docs/product/categories.md#managing-categories): the taxonomy as data; add, edit, delete, reorder, statistics. */
export function AdminCategoriesPage() {
  useDocumentTitle(`${M.title} | ${PRODUCT_NAME}`);
  const categories = useAdminCategories();
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const remove = useDeleteCategory();
  const [dialog, setDialog] = useState<Dialog>();
  const close = () => {
    create.reset();
    update.reset();
    setDialog(undefined);
  };
  useProviderUpdates(categories.data?.updatingProviders);
  const groups = categories.data?.groups ?? [];

  const announceProviders = (done: boolean) => !done && toaster.info({ title: M.providersUpdating });

  function save(values: CategoryFormValues) {
    if (dialog?.kind === 'add') {
      create.mutate(values, {
        onSuccess: () => {
          toaster.success({ title: M.added });
          close();
        },
        onError: (error) => toastFailure(error, { title: 'Error', description: failureText(error) ?? M.addFailed }),
      });
    } else if (dialog?.kind === 'edit') {
      update.mutate(
        { categoryId: dialog.category.id, body: { name: values.name, groupId: values.groupId } },
        {
          onSuccess: (result) => {
            toaster.success({ title: M.updated });
            announceProviders(result.providersDone);
            close();
          },
          onError: (error) => toastFailure(error, { title: 'Error', description: failureText(error) ?? M.updateFailed }),
        },
      );
    }
  }

  function confirmDelete(category: AdminCategory) {
    remove.mutate(category.id, {
      onSuccess: (result) => {
        toaster.success({ title: M.deleted });
        announceProviders(result.providersDone);
        close();
      },
      onError: (error) => toastFailure(error, { title: 'Error', description: failureText(error) ?? M.deleteFailed }),
    });
  }

  return (
    <Container maxW="5xl" py={{ base: '6', md: '8' }} px={{ base: '4', md: '6' }}>
      <Stack gap="6">
        <HStack justify="space-between" flexWrap="wrap" gap="3">
          <Heading as="h1" size="2xl">
            {M.title}
          </Heading>
          <Button onClick={() => setDialog({ kind: 'add' })} disabled={!categories.data}>
            Add Category
          </Button>
        </HStack>
        {categories.isPending ? (
          <LoadingRows label="Loading categories" />
        ) : categories.isError ? (
          <LoadFailed message={M.loadFailed} onRetry={() => void categories.refetch()} error={categories.error} />
        ) : groups.length === 0 ? (
          <EmptyState>No categories yet. Add the first one.</EmptyState>
        ) : (
          <Box display="grid" gridTemplateColumns={{ base: '1fr', lg: 'repeat(2, minmax(0, 1fr))' }} gap="4">
            {groups.map((group) => (
              <GroupCard key={group.id} group={group} onOpen={setDialog} />
            ))}
          </Box>
        )}
      </Stack>
      {(dialog?.kind === 'add' || dialog?.kind === 'edit') && (
        <CategoryFormDialog
          mode={dialog.kind}
          groups={groups}
          initial={
            dialog.kind === 'edit'
              ? { name: dialog.category.name, groupId: dialog.category.groupId, newGroupName: '' }
              : { name: '', groupId: '', newGroupName: '' }
          }
          busy={create.isPending || update.isPending}
          serverErrors={fieldErrorsOf(dialog.kind === 'add' ? create.error : update.error)}
          onClose={close}
          onSubmit={save}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteCategoryDialog category={dialog.category} busy={remove.isPending} onClose={close} onConfirm={() => confirmDelete(dialog.category)} />
      )}
      {dialog?.kind === 'statistics' && <CategoryStatisticsDialog category={dialog.category} onClose={close} />}
    </Container>
  );
}
