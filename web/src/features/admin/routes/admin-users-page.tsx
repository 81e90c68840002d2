import { Box, Button, Container, Field, Flex, Heading, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { EyeIcon, EyeOffIcon, MessageSquareIcon, PencilIcon, PlusIcon, TrashIcon, UserCheckIcon, UserXIcon } from 'lucide-react';
import {
  ADMIN_CONSOLE_MESSAGES,
  ADMIN_LIMITS,
  ADMIN_USER_FILTERS,
  ADMIN_USERS_CATEGORIES_SHOWN,
  PRODUCT_NAME,
  ROLE_LABELS,
  type AdminReason,
  type AdminUserFilter,
  type AdminUserSummary,
} from '@solutionz/shared';
import { StatusBadge } from '@/components/ui/status-badge';
import { toastFailure } from '@/components/ui/failure-toast';
import { toaster } from '@/components/ui/toaster';
import { LoadFailed } from '@/components/errors/load-failed';
import { ApiError } from '@/lib/api-client';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSession } from '@/lib/auth/session';
import { useAdminUsers, useAllowMessaging, useDeleteUser, useSetUserActive, useSetUserVisible } from '../api/admin-api';
import { CreateProviderDialog } from '../components/create-provider-dialog';
import { CursorPager, useCursorPages } from '../components/cursor-pager';
import { EmptyState, LoadingRows } from '../components/load-states';
import { ReasonDialog } from '../components/reason-dialog';
import { Cell, ResponsiveTable, Row } from '../components/responsive-table';
import { SelectField } from '../components/select-field';
import { AllowMessagingDialog, EditUserDialog, ViewUserDialog } from '../components/user-dialogs';
import { emailText, listingText } from '../components/user-text';

const SEARCH_DEBOUNCE_MS = 300;
const FILTER_OPTIONS = ADMIN_USER_FILTERS.map((filter) => ({ value: filter, label: filter === 'all' ? 'All' : ROLE_LABELS[filter] }));
const HEADERS = ['Name', 'Email', 'Type', 'Business', 'Categories', 'Status', 'Actions'] as const;
const MESSAGES = ADMIN_CONSOLE_MESSAGES.users;

type Dialog = { kind: 'view' | 'edit' | 'deactivate' | 'hide' | 'delete' | 'allowMessaging'; user: AdminUserSummary } | { kind: 'create' };

const fullName = (user: AdminUserSummary) => `${user.firstName} ${user.lastName}`.trim() || user.businessName || user.userId;

/** The categories column: the first two, then an ellipsis with the rest in its title. */
function Categories({ categories }: { categories: readonly string[] }) {
  if (categories.length === 0) return <Text color="fg.muted">—</Text>;
  const shown = categories.slice(0, ADMIN_USERS_CATEGORIES_SHOWN).join(', ');
  const more = categories.length > ADMIN_USERS_CATEGORIES_SHOWN;
  return (
    <Text title={more ? categories.join(', ') : undefined}>
      {shown}
      {more && <span aria-label={`and ${categories.length - ADMIN_USERS_CATEGORIES_SHOWN} more`}>, …</span>}
    </Text>
  );
}

interface RowAction {
  /** The same for both sides of a toggle (Deactivate, Activate): the button stays, so the focus a dialog hands back finds it. */
  readonly key?: string;
  readonly label: string;
  readonly icon: ReactNode;
  readonly run: () => void;
  readonly danger?: boolean;
}

/**
 * The row's actions as labelled icon buttons: one Tab stop each, named with the person they act on. An
 * admin account is never deactivated or hidden, only removed, and by another admin (the API refuses the
 * rest with 409), so those are not offered. Hide and Show take a provider out of the directory or back: a client is
 * never listed, so they are offered for providers only (the API refuses a client's with 409 too).
 */
function UserActions({
  user,
  self,
  onOpen,
  onActivate,
  onShow,
}: {
  user: AdminUserSummary;
  self: boolean;
  onOpen: (dialog: Dialog) => void;
  onActivate: () => void;
  onShow: () => void;
}) {
  const name = fullName(user);
  const remove: RowAction = { label: 'Delete', icon: <TrashIcon />, run: () => onOpen({ kind: 'delete', user }), danger: true };
  const actions: RowAction[] = [
    { label: 'View', icon: <EyeIcon />, run: () => onOpen({ kind: 'view', user }) },
    { label: 'Edit', icon: <PencilIcon />, run: () => onOpen({ kind: 'edit', user }) },
    ...(user.accountType === 'admin'
      ? self
        ? []
        : [remove]
      : [
          user.isActive
            ? { key: 'active', label: 'Deactivate', icon: <UserXIcon />, run: () => onOpen({ kind: 'deactivate', user }) }
            : { key: 'active', label: 'Activate', icon: <UserCheckIcon />, run: onActivate },
          ...(user.accountType === 'provider'
            ? [
                user.isVisible
                  ? { key: 'visible', label: 'Hide', icon: <EyeOffIcon />, run: () => onOpen({ kind: 'hide', user }) }
                  : { key: 'visible', label: 'Show', icon: <EyeIcon />, run: onShow },
              ]
            : []),
          remove,
        ]),
    // A person an admin stopped messaging after a report (docs/product/admin.md#reported-conversations).
    ...(user.messagingBan ? [{ label: 'Allow messaging again', icon: <MessageSquareIcon />, run: () => onOpen({ kind: 'allowMessaging', user }) }] : []),
  ];
  return (
    <HStack gap="1" flexWrap={{ base: 'wrap', md: 'nowrap' }}>
      {actions.map((action) => (
        <IconButton
          key={action.key ?? action.label}
          size="sm"
          variant="outline"
          colorPalette={action.danger ? 'red' : undefined}
          aria-label={`${action.label} ${name}`}
          title={action.label}
          onClick={action.run}
        >
          {action.icon}
        </IconButton>
      ))}
    </HStack>
  );
}

const failureText = (error: unknown) => (error instanceof ApiError ? error.message : undefined);

type UserChanges = ReturnType<typeof useUserChanges>;

/** The changes the rows and dialogs make to an account: each toasts how it went and closes the dialog once done. */
function useUserChanges(close: () => void) {
  const setActive = useSetUserActive();
  const setVisible = useSetUserVisible();
  const remove = useDeleteUser();
  const allowMessaging = useAllowMessaging();

  function changeActive(user: AdminUserSummary, active: boolean, reason?: AdminReason) {
    setActive.mutate(
      { userId: user.userId, active, ...(reason ? { reason } : {}) },
      {
        onSuccess: () => {
          toaster.success({ title: active ? MESSAGES.activated : MESSAGES.deactivated, description: fullName(user) });
          close();
        },
        onError: (error) => toastFailure(error, { title: MESSAGES.statusFailed, description: failureText(error) }),
      },
    );
  }

  function changeVisible(user: AdminUserSummary, visible: boolean, reason?: AdminReason) {
    setVisible.mutate(
      { userId: user.userId, visible, ...(reason ? { reason } : {}) },
      {
        onSuccess: () => {
          toaster.success({ title: visible ? MESSAGES.shown : MESSAGES.hidden, description: fullName(user) });
          close();
        },
        onError: (error) => toastFailure(error, { title: MESSAGES.visibilityFailed, description: failureText(error) }),
      },
    );
  }

  function deleteUser(user: AdminUserSummary, reason: AdminReason) {
    remove.mutate(
      { userId: user.userId, reason },
      {
        onSuccess: () => {
          toaster.success({ title: MESSAGES.deleted, description: fullName(user) });
          close();
        },
        onError: (error) => toastFailure(error, { title: MESSAGES.deleteFailed, description: failureText(error) }),
      },
    );
  }

  function allowMessagingAgain(user: AdminUserSummary) {
    allowMessaging.mutate(user.userId, {
      onSuccess: () => {
        toaster.success({ title: MESSAGES.messagingAllowed, description: fullName(user) });
        close();
      },
      onError: (error) => toastFailure(error, { title: MESSAGES.allowMessagingFailed, description: failureText(error) }),
    });
  }

  return {
    changeActive,
    changeVisible,
    deleteUser,
    allowMessagingAgain,
    busy: { active: setActive.isPending, visible: setVisible.isPending, remove: remove.isPending, allowMessaging: allowMessaging.isPending },
  };
}

function UserRow({ user, self, onOpen, changes }: { user: AdminUserSummary; self: boolean; onOpen: (dialog: Dialog) => void; changes: UserChanges }) {
  return (
    <Row>
      <Cell label="Name">
        <Text fontWeight="medium">{fullName(user)}</Text>
      </Cell>
      <Cell label="Email">
        <Text color={user.email ? undefined : 'fg.muted'}>{emailText(user)}</Text>
      </Cell>
      <Cell label="Type">{ROLE_LABELS[user.accountType]}</Cell>
      <Cell label="Business">{user.businessName ?? '—'}</Cell>
      <Cell label="Categories">
        <Categories categories={user.categories} />
      </Cell>
      <Cell label="Status">
        <HStack gap="1" flexWrap="wrap">
          <StatusBadge tone={user.isActive ? 'green' : 'orange'}>{user.isActive ? 'Active' : 'Inactive'}</StatusBadge>
          <StatusBadge tone={user.isVisible ? 'gray' : 'orange'}>{user.isVisible ? 'Visible' : 'Hidden'}</StatusBadge>
          {user.accountType === 'provider' && <StatusBadge tone={user.listing === 'adminGranted' ? 'brand' : 'gray'}>{listingText(user)}</StatusBadge>}
          {user.messagingBan && <StatusBadge tone="orange">{MESSAGES.messagingStopped}</StatusBadge>}
        </HStack>
      </Cell>
      <Cell label="Actions">
        <UserActions
          user={user}
          self={self}
          onOpen={onOpen}
          onActivate={() => changes.changeActive(user, true)}
          onShow={() => changes.changeVisible(user, true)}
        />
      </Cell>
    </Row>
  );
}

/** The dialog a row's action opened: creating a provider, viewing or editing a user, or a change that asks for a reason. */
function UserDialog({ dialog, changes, close }: { dialog: Dialog | undefined; changes: UserChanges; close: () => void }) {
  switch (dialog?.kind) {
    case undefined:
      return null;
    case 'create':
      return <CreateProviderDialog onClose={close} />;
    case 'view':
      return <ViewUserDialog userId={dialog.user.userId} onClose={close} />;
    case 'edit':
      return <EditUserDialog user={dialog.user} onClose={close} />;
    case 'deactivate':
      return (
        <ReasonDialog
          title="Deactivate user"
          confirmLabel="Deactivate"
          busyLabel="Deactivating..."
          busy={changes.busy.active}
          onClose={close}
          onConfirm={(reason) => changes.changeActive(dialog.user, false, reason)}
        >
          {fullName(dialog.user)} will be signed out everywhere, unable to sign in and out of the directory until activated again. They are e-mailed the reason.
        </ReasonDialog>
      );
    case 'hide':
      return (
        <ReasonDialog
          title="Hide user"
          confirmLabel="Hide"
          busyLabel="Hiding..."
          busy={changes.busy.visible}
          onClose={close}
          onConfirm={(reason) => changes.changeVisible(dialog.user, false, reason)}
        >
          {fullName(dialog.user)} leaves the directory at once and is e-mailed the reason.
        </ReasonDialog>
      );
    case 'allowMessaging':
      return (
        dialog.user.messagingBan && (
          <AllowMessagingDialog
            name={fullName(dialog.user)}
            ban={dialog.user.messagingBan}
            busy={changes.busy.allowMessaging}
            onClose={close}
            onConfirm={() => changes.allowMessagingAgain(dialog.user)}
          />
        )
      );
    case 'delete':
      return (
        <ReasonDialog
          title="Delete user"
          confirmLabel="Delete user"
          busyLabel="Deleting..."
          busy={changes.busy.remove}
          onClose={close}
          onConfirm={(reason) => changes.deleteUser(dialog.user, reason)}
        >
          {`${fullName(dialog.user)}: ${dialog.user.accountType === 'admin' ? MESSAGES.adminDeleteWarning : MESSAGES.deleteWarning}`}
        </ReasonDialog>
      );
  }
}

/** /admin/users (docs/product/admin.md#users): search, filter, 20 a page, and every action on an account. */
export function AdminUsersPage() {
  useDocumentTitle(`User Management | ${PRODUCT_NAME}`);
  const [search, setSearch] = useState('');
  const [type, setType] = useState<AdminUserFilter>('all');
  const query = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const pages = useCursorPages();
  const [queryAt, setQueryAt] = useState({ query, type });
  if (queryAt.query !== query || queryAt.type !== type) {
    setQueryAt({ query, type });
    pages.reset();
  }
  const users = useAdminUsers(query, type, pages.cursor);
  const session = useSession();
  const ownId = session.status === 'signedIn' ? session.user.userId : undefined;
  const [dialog, setDialog] = useState<Dialog>();
  const close = () => setDialog(undefined);
  const changes = useUserChanges(close);

  const rows = users.data?.users ?? [];
  return (
    <Container maxW="7xl" py={{ base: '6', md: '10' }} px={{ base: '4', md: '6' }}>
      <Stack gap="6">
        <Flex justify="space-between" align="center" gap="3" flexWrap="wrap">
          <Heading as="h1" size="2xl">
            User Management
          </Heading>
          <Button onClick={() => setDialog({ kind: 'create' })}>
            <PlusIcon aria-hidden="true" />
            Create provider
          </Button>
        </Flex>
        <Stack direction={{ base: 'column', md: 'row' }} gap="4" align={{ md: 'flex-end' }} role="search">
          <Field.Root flex="1">
            <Field.Label>Search users</Field.Label>
            <Input
              type="search"
              value={search}
              maxLength={ADMIN_LIMITS.searchMaxChars}
              placeholder="Name, business name or email"
              onChange={(event) => setSearch(event.target.value)}
            />
          </Field.Root>
          <Box minW={{ md: '48' }}>
            <SelectField label="Account type" value={type} options={FILTER_OPTIONS} onChange={setType} />
          </Box>
        </Stack>
        {users.isPending ? (
          <LoadingRows label="Loading users" />
        ) : users.isError ? (
          <LoadFailed message={MESSAGES.loadFailed} error={users.error} onRetry={() => void users.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState>{query ? `No users match “${query}”.` : 'No users of this type yet.'}</EmptyState>
        ) : (
          <Box aria-busy={users.isFetching}>
            <ResponsiveTable caption="Users" headers={HEADERS}>
              {rows.map((user) => (
                <UserRow key={user.userId} user={user} self={user.userId === ownId} onOpen={setDialog} changes={changes} />
              ))}
            </ResponsiveTable>
            <CursorPager
              label="Users pages"
              page={pages.page}
              nextCursor={users.data.nextCursor}
              busy={users.isFetching}
              onPrevious={pages.previous}
              onNext={pages.next}
            />
          </Box>
        )}
      </Stack>
      <UserDialog dialog={dialog} changes={changes} close={close} />
    </Container>
  );
}
