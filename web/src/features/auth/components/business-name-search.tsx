import { useState, type Ref } from 'react';
import { BUSINESS_SEARCH, type BusinessSearchResponse } from '@solutionz/shared';
import { SuggestionCombobox } from '@/components/forms/suggestion-combobox';
import { useBusinessNameSearch } from '../api/auth';
import { useDebouncedValue } from '@/lib/use-debounced-value';

export interface BusinessNameSearchProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  name?: string;
  /** A business picked from the list (its name is copied into the field as well). */
  onPickBusiness?: (business: BusinessSearchResponse['businesses'][number]) => void;
}

/**
 * The business-name field of provider sign-up with its search of listed businesses
 * (docs/product/accounts.md#sign-up): from BUSINESS_SEARCH.minChars characters, debounced, at most maxResults names
 * in a combobox (SuggestionCombobox).
 */
export function BusinessNameSearch({ value, onChange, onBlur, inputRef, name, onPickBusiness }: BusinessNameSearchProps) {
  const [open, setOpen] = useState(false);
  const term = useDebouncedValue(value.trim(), BUSINESS_SEARCH.debounceMs);
  const searchable = term.length >= BUSINESS_SEARCH.minChars;

  const { data } = useBusinessNameSearch(term, open);
  const businesses = searchable ? (data?.businesses ?? []).slice(0, BUSINESS_SEARCH.maxResults) : [];

  return (
    <SuggestionCombobox
      name={name}
      inputRef={inputRef}
      autoComplete="organization"
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      onPick={(option) => {
        onChange(option.label);
        const business = businesses.find((candidate) => candidate.id === option.id);
        if (business) onPickBusiness?.(business);
      }}
      options={businesses.map((business) => ({ id: business.id, label: business.businessName }))}
      open={open}
      onOpenChange={setOpen}
      listLabel="Matching businesses"
      closeAfterBlurMs={BUSINESS_SEARCH.closeAfterBlurMs}
    />
  );
}
