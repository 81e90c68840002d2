import { Button, Field, Stack, Text, Wrap } from '@chakra-ui/react';
import { useCallback, useRef, useState, type Ref } from 'react';
import { LOCATION_SEARCH, LOCATION_SEARCH_DEBOUNCE_MS, type Place } from '@solutionz/shared';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { SuggestionCombobox } from '@/components/forms/suggestion-combobox';
import { usePlaceSearch } from '../api/locations';

const CLOSE_AFTER_BLUR_MS = 200;

/**
 * Props, kept few so every location box uses the component the same way:
 * - `value` / `onChange`: the text in the field, what the person typed or the name of the place they picked;
 * - `label`: the field's visible label, or only its accessible name with `labelHidden`;
 * - `error`: the form's message for the field, shown under it;
 * - `name`, `inputRef`, `onBlur`: for a form library (react-hook-form's Controller field);
 * - `suggestions`: places the server offered with its error (ApiError.suggestions), shown as buttons
 *   under the message; choosing one puts its name in the field.
 */
export interface LocationAutocompleteProps {
  value: string;
  onChange: (value: string) => void;
  label: string;
  labelHidden?: boolean;
  error?: string;
  name?: string;
  suggestions?: readonly Place[];
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  placeholder?: string;
  autoFocus?: boolean;
}

function assignRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/**
 * A UK location box: from LOCATION_SEARCH.minChars characters, once typing pauses, it
 * offers up to five places from GET /api/locations (postcodes, sectors, outward codes, towns) in a
 * combobox; picking one puts its name in the field, which the API then places exactly.
 */
export function LocationAutocomplete({
  value,
  onChange,
  label,
  labelHidden,
  error,
  name,
  suggestions,
  onBlur,
  inputRef,
  placeholder = 'Town, city or postcode',
  autoFocus,
}: LocationAutocompleteProps) {
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement | null>(null);
  const term = useDebouncedValue(value.trim(), LOCATION_SEARCH_DEBOUNCE_MS);
  const searchable = term.length >= LOCATION_SEARCH.minChars && term.length <= LOCATION_SEARCH.maxChars;

  const { data } = usePlaceSearch(term, open && searchable);
  const found = searchable ? (data?.suggestions ?? []).slice(0, LOCATION_SEARCH.maxSuggestions) : [];
  // A list holding only what is already in the field offers nothing, and would cover what comes below.
  const places = found.length === 1 && found[0]!.name === value.trim() ? [] : found;

  const setInput = useCallback(
    (element: HTMLInputElement | null) => {
      input.current = element;
      assignRef(inputRef, element);
    },
    [inputRef],
  );

  return (
    <Field.Root invalid={Boolean(error)}>
      {!labelHidden && <Field.Label>{label}</Field.Label>}
      <SuggestionCombobox
        name={name}
        inputRef={setInput}
        aria-label={labelHidden ? label : undefined}
        placeholder={placeholder}
        autoFocus={autoFocus}
        // Our own list of places; the browser's would cover it.
        autoComplete="off"
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        onPick={(option) => onChange(option.label)}
        options={places.map((place) => ({ id: place.name, label: place.name }))}
        open={open}
        onOpenChange={setOpen}
        listLabel="Matching places"
        closeAfterBlurMs={CLOSE_AFTER_BLUR_MS}
      />
      <Field.ErrorText color="red.700">{error}</Field.ErrorText>
      {suggestions && suggestions.length > 0 && (
        <Stack gap="1" mt="1" width="full">
          <Text fontSize="sm" color="fg.muted">
            Did you mean:
          </Text>
          <Wrap gap="2" role="group" aria-label="Places to choose from">
            {suggestions.map((place) => (
              <Button
                key={place.name}
                size="xs"
                variant="outline"
                onClick={() => {
                  onChange(place.name);
                  input.current?.focus();
                }}
              >
                {place.name}
              </Button>
            ))}
          </Wrap>
        </Stack>
      )}
    </Field.Root>
  );
}
