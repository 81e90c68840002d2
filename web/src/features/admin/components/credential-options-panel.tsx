import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import {
  CREDENTIAL_LIMITS,
  CREDENTIAL_OPTION_TYPE_LABELS,
  CREDENTIAL_OPTION_TYPES,
  credentialOptionNameSchema,
  type CredentialOption,
  type CredentialOptionType,
} from '@solutionz/shared';
import { FormField } from '@/components/forms/form-field';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toastFailure } from '@/components/ui/failure-toast';
import { FormDialog } from '@/components/ui/form-dialog';
import { ApiError } from '@/lib/api-client';
import { useAddCredentialOption, useAdminCredentialOptions, useRemoveCredentialOption, useRenameCredentialOption } from '../api/credentials-api';
import { Panel } from './panel';

/** The field that adds one entry to a list. */
const NEW_ENTRY: Readonly<Record<CredentialOptionType, string>> = {
  registration: 'New registration scheme',
  insurance: 'New insurance kind',
  dbs: 'New DBS level',
};

const problemOf = (name: string) => credentialOptionNameSchema.safeParse(name).error?.issues[0]?.message;
const serverText = (error: unknown) => (error instanceof ApiError ? (error.fieldMessage('name') ?? error.message) : undefined);

/** One list (registration schemes, insurance kinds or DBS levels): each entry renamed or removed, a new one added at the end. */
function OptionList({
  type,
  options,
  onRename,
  onRemove,
}: {
  type: CredentialOptionType;
  options: readonly CredentialOption[];
  onRename: (option: CredentialOption) => void;
  onRemove: (option: CredentialOption) => void;
}) {
  const add = useAddCredentialOption();
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const submit = () => {
    const problem = problemOf(name);
    setError(problem);
    if (!problem) add.mutate({ type, name }, { onSuccess: () => setName(''), onError: (failure) => setError(serverText(failure)) });
  };
  return (
    <Stack as="section" gap="2" aria-label={CREDENTIAL_OPTION_TYPE_LABELS[type]}>
      <Heading as="h3" size="sm">
        {CREDENTIAL_OPTION_TYPE_LABELS[type]}
      </Heading>
      <Stack as="ul" gap="1" listStyleType="none">
        {options.map((option) => (
          <HStack as="li" key={option.optionId} justify="space-between" gap="2">
            <Text overflowWrap="anywhere">{option.name}</Text>
            <HStack gap="1">
              <Button size="xs" variant="ghost" onClick={() => onRename(option)} aria-label={`Rename ${option.name}`}>
                Rename
              </Button>
              <Button size="xs" variant="ghost" colorPalette="red" onClick={() => onRemove(option)} aria-label={`Remove ${option.name}`}>
                Remove
              </Button>
            </HStack>
          </HStack>
        ))}
      </Stack>
      <HStack
        as="form"
        align="flex-start"
        gap="2"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <FormField
          label={NEW_ENTRY[type]}
          value={name}
          maxLength={CREDENTIAL_LIMITS.optionNameMaxChars}
          onChange={(event) => setName(event.target.value)}
          error={error ?? ''}
        />
        <Button type="submit" mt="7" loading={add.isPending}>
          Add
        </Button>
      </HStack>
    </Stack>
  );
}

/** The schemes, kinds and levels providers choose from (docs/product/credentials.md#schemes-and-kinds); every change is audited. */
export function CredentialOptionsPanel() {
  const options = useAdminCredentialOptions();
  const rename = useRenameCredentialOption();
  const remove = useRemoveCredentialOption();
  const [renaming, setRenaming] = useState<CredentialOption>();
  const [newName, setNewName] = useState('');
  const [renameError, setRenameError] = useState<string>();
  const [removing, setRemoving] = useState<CredentialOption>();
  if (!options.data) return null;
  return (
    <Panel title="Schemes and kinds">
      <Stack gap="6">
        {CREDENTIAL_OPTION_TYPES.map((type) => (
          <OptionList
            key={type}
            type={type}
            options={options.data.options.filter((option) => option.type === type)}
            onRename={(option) => {
              setRenaming(option);
              setNewName(option.name);
              setRenameError(undefined);
            }}
            onRemove={setRemoving}
          />
        ))}
      </Stack>
      {renaming && (
        <FormDialog
          title={`Rename ${renaming.name}`}
          submitLabel="Rename"
          busyLabel="Renaming..."
          busy={rename.isPending}
          onClose={() => setRenaming(undefined)}
          onSubmit={() => {
            const problem = problemOf(newName);
            setRenameError(problem);
            if (!problem)
              rename.mutate(
                { optionId: renaming.optionId, name: newName },
                { onSuccess: () => setRenaming(undefined), onError: (error) => setRenameError(serverText(error)) },
              );
          }}
        >
          <FormField
            label="Name"
            value={newName}
            maxLength={CREDENTIAL_LIMITS.optionNameMaxChars}
            onChange={(event) => setNewName(event.target.value)}
            error={renameError ?? ''}
          />
        </FormDialog>
      )}
      {removing && (
        <ConfirmDialog
          title={`Remove ${removing.name}`}
          confirmLabel="Remove"
          busyLabel="Removing..."
          busy={remove.isPending}
          onClose={() => setRemoving(undefined)}
          onConfirm={() =>
            remove.mutate(removing.optionId, {
              onSuccess: () => setRemoving(undefined),
              onError: (error) => toastFailure(error, { title: 'It was not removed', description: serverText(error) }),
            })
          }
        >
          Providers can no longer choose it. Credentials that name it keep it.
        </ConfirmDialog>
      )}
    </Panel>
  );
}
