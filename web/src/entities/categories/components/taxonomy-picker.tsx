import { Button, Fieldset, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { PlusIcon } from 'lucide-react';
import { formatCategorySelection, parseCategorySelection, type CategorySelection } from '@solutionz/shared';
import { CategoryChips } from '@/components/ui/category-chips';
import { useCategories } from '../api/categories';

const OTHER = '__other__';
const WHOLE_GROUP = '';

export interface TaxonomyPickerProps {
  value: readonly string[];
  onChange: (value: string[]) => void;
  /** The form's message for the field, shown under the picker. */
  error?: string;
  /** The group's caption; "Categories" unless given. */
  legend?: string;
  helperText?: string;
}

/** A whole group covers its subcategories, so adding a group drops them and adding a sub of a chosen group adds nothing. */
function addSelection(current: readonly string[], selection: CategorySelection): string[] {
  const encoded = formatCategorySelection(selection);
  if (current.includes(encoded)) return [...current];
  if (selection.kind === 'sub' && current.includes(selection.group)) return [...current];
  if (selection.kind === 'group') {
    return [
      ...current.filter((item) => {
        const parsed = parseCategorySelection(item);
        return !(parsed.kind === 'sub' && parsed.group === selection.group);
      }),
      encoded,
    ];
  }
  return [...current, encoded];
}

/**
 * Service categories (a provider's at sign-up and on the profile, job alert categories): a whole
 * group, one subcategory, or "Other: text", from the live taxonomy (GET /api/categories). Choices
 * show as removable chips (CategoryChips). Native selects and buttons only, so every step works
 * from the keyboard.
 */
export function TaxonomyPicker({
  value,
  onChange,
  error,
  legend = 'Categories',
  helperText = 'Choose a whole group, one of its services, or describe another service.',
}: TaxonomyPickerProps) {
  const ids = useId();
  const { data, isPending, isError } = useCategories();
  const [group, setGroup] = useState('');
  const [sub, setSub] = useState(WHOLE_GROUP);
  const [otherText, setOtherText] = useState('');

  const groups = data?.groups ?? [];
  const chosenGroup = groups.find((candidate) => candidate.name === group);
  const selection: CategorySelection | null =
    group === OTHER
      ? otherText.trim()
        ? { kind: 'other', text: otherText.trim() }
        : null
      : chosenGroup
        ? sub === WHOLE_GROUP
          ? { kind: 'group', group: chosenGroup.name }
          : { kind: 'sub', group: chosenGroup.name, sub }
        : null;

  const add = () => {
    if (!selection) return;
    onChange(addSelection(value, selection));
    setSub(WHOLE_GROUP);
    setOtherText('');
  };
  const remove = (item: string) => onChange(value.filter((candidate) => candidate !== item));

  return (
    <Fieldset.Root invalid={Boolean(error)}>
      <Fieldset.Legend>{legend}</Fieldset.Legend>
      <Fieldset.HelperText>{helperText}</Fieldset.HelperText>
      <Stack gap="2">
        <NativeSelect.Root disabled={isPending}>
          <NativeSelect.Field
            id={`${ids}-group`}
            aria-label="Service group"
            value={group}
            onChange={(event) => {
              setGroup(event.currentTarget.value);
              setSub(WHOLE_GROUP);
            }}
          >
            <option value="">{isPending ? 'Loading categories…' : 'Choose a service group'}</option>
            {groups.map((candidate) => (
              <option key={candidate.slug} value={candidate.name}>
                {candidate.name}
              </option>
            ))}
            <option value={OTHER}>Other</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {isError && (
          <Text fontSize="sm" color="red.700">
            The category list could not be loaded. You can still describe your service under Other.
          </Text>
        )}
        {chosenGroup && (
          <NativeSelect.Root>
            <NativeSelect.Field aria-label="Service" value={sub} onChange={(event) => setSub(event.currentTarget.value)}>
              <option value={WHOLE_GROUP}>All of {chosenGroup.name}</option>
              {chosenGroup.categories.map((category) => (
                <option key={category.slug} value={category.name}>
                  {category.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        )}
        {group === OTHER && (
          <Input
            aria-label="Other service"
            placeholder="Describe your service"
            value={otherText}
            onChange={(event) => setOtherText(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              add();
            }}
          />
        )}
        <Button alignSelf="start" variant="outline" size="sm" onClick={add} disabled={!selection}>
          <PlusIcon aria-hidden="true" />
          Add category
        </Button>
        <CategoryChips value={value} label={`Chosen ${legend.toLowerCase()}`} onRemove={remove} />
      </Stack>
      {error && <Fieldset.ErrorText color="red.700">{error}</Fieldset.ErrorText>}
    </Fieldset.Root>
  );
}
