import { Button, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { ADMIN_CATEGORY_LIMITS, ADMIN_CATEGORY_MESSAGES, type AdminCategory, type AdminCategoryGroup } from '@solutionz/shared';
import { LoadFailed } from '@/components/errors/load-failed';
import { FieldShell } from '@/components/forms/form-field';
import { AppDialog } from '@/components/ui/app-dialog';
import { toaster } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-client';
import { useCategoryStatistics } from '../api/admin-api';
import { FormDialog } from '@/components/ui/form-dialog';
import { SelectField } from './select-field';

const M = ADMIN_CATEGORY_MESSAGES;

export interface CategoryFormValues {
  name: string;
  groupId: string;
  newGroupName: string;
}
type Errors = Partial<Record<keyof CategoryFormValues, string>>;

/** The server's field messages (`body.name`) beside the fields they belong to. */
export function fieldErrorsOf(error: unknown): Errors {
  if (!(error instanceof ApiError)) return {};
  const errors: Errors = {};
  for (const [path, message] of Object.entries(error.fields)) {
    const field = path.replace(/^body\./, '') as keyof CategoryFormValues;
    if (field === 'name' || field === 'groupId' || field === 'newGroupName') errors[field] = message;
  }
  return errors;
}

/** Checked as the server checks it, so the common mistakes are told at once (with the product's toast). */
function check(values: CategoryFormValues, groupRequired: boolean): Errors {
  const errors: Errors = {};
  if (!values.name.trim()) errors.name = M.nameRequired;
  if (groupRequired && !values.groupId && !values.newGroupName.trim()) errors.groupId = M.groupRequired;
  return errors;
}

interface CategoryFormDialogProps {
  mode: 'add' | 'edit';
  groups: readonly AdminCategoryGroup[];
  initial: CategoryFormValues;
  busy: boolean;
  serverErrors: Errors;
  onClose: () => void;
  onSubmit: (values: CategoryFormValues) => void;
}

/**
 * Add Category (name; an existing group, OR a new group's name: choosing one clears the other) and Edit
 * (name and group).
 */
export function CategoryFormDialog({ mode, groups, initial, busy, serverErrors, onClose, onSubmit }: CategoryFormDialogProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const shown = { ...serverErrors, ...errors };
  const options = groups.map((group) => ({ value: group.id, label: group.name }));
  return (
    <FormDialog
      title={mode === 'add' ? 'Add Category' : 'Edit Category'}
      submitLabel={mode === 'add' ? 'Add Category' : 'Save Changes'}
      busyLabel="Saving..."
      busy={busy}
      onClose={onClose}
      onSubmit={() => {
        const found = check(values, true);
        setErrors(found);
        const first = Object.values(found)[0];
        if (first) {
          toaster.error({ title: M.validationError, description: first });
          return;
        }
        onSubmit({ ...values, name: values.name.trim(), newGroupName: values.newGroupName.trim() });
      }}
    >
      <Stack gap="4">
        <FieldShell label="Category name" error={shown.name} required>
          <Input
            value={values.name}
            maxLength={ADMIN_CATEGORY_LIMITS.nameMaxChars}
            onChange={(event) => setValues({ ...values, name: event.currentTarget.value })}
          />
        </FieldShell>
        <SelectField
          label={mode === 'add' ? 'Existing group' : 'Group'}
          value={values.groupId}
          options={options}
          placeholder="Select a group"
          error={shown.groupId}
          onChange={(groupId) => setValues({ ...values, groupId, newGroupName: '' })}
        />
        {mode === 'add' && (
          <>
            <Text textAlign="center" fontWeight="semibold" color="fg.muted">
              OR
            </Text>
            <FieldShell label="New group name" error={shown.newGroupName}>
              <Input
                value={values.newGroupName}
                maxLength={ADMIN_CATEGORY_LIMITS.groupNameMaxChars}
                onChange={(event) =>
                  setValues({ ...values, newGroupName: event.currentTarget.value, groupId: event.currentTarget.value ? '' : values.groupId })
                }
              />
            </FieldShell>
          </>
        )}
      </Stack>
    </FormDialog>
  );
}

export function DeleteCategoryDialog({
  category,
  busy,
  onClose,
  onConfirm,
}: {
  category: AdminCategory;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <AppDialog
      open
      role="alertdialog"
      title={`Delete ${category.name}?`}
      busy={busy}
      onOpenChange={(open) => !open && onClose()}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button colorPalette="red" onClick={onConfirm} loading={busy} loadingText="Deleting...">
            Delete
          </Button>
        </>
      }
    >
      <Text>{M.deleteConfirm}</Text>
    </AppDialog>
  );
}

export function CategoryStatisticsDialog({ category, onClose }: { category: AdminCategory; onClose: () => void }) {
  const stats = useCategoryStatistics(category.id);
  return (
    <AppDialog open title={`${category.name} statistics`} onOpenChange={(open) => !open && onClose()} footer={<Button onClick={onClose}>Close</Button>}>
      {stats.isPending ? (
        <Text role="status">Loading statistics...</Text>
      ) : stats.isError ? (
        <LoadFailed message={M.statsFailed} />
      ) : (
        <Stack gap="2">
          <Stack gap="2" as="dl">
            <Text as="dt" fontWeight="semibold">
              Total providers
            </Text>
            <Text as="dd" fontSize="2xl">
              {stats.data.providerCount}
            </Text>
            <Text as="dt" fontWeight="semibold">
              Listed in the directory
            </Text>
            <Text as="dd">{stats.data.listedProviderCount}</Text>
            <Text as="dt" fontWeight="semibold">
              Group
            </Text>
            <Text as="dd">{stats.data.groupName}</Text>
          </Stack>
          <Text pt="2">{M.usedBy(stats.data.providerCount)}</Text>
        </Stack>
      )}
    </AppDialog>
  );
}
