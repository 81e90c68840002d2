import { NativeSelect } from '@chakra-ui/react';
import { FieldShell } from '@/components/forms/form-field';

export interface SelectFieldProps<V extends string> {
  label: string;
  value: V | '';
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  /** A first, empty choice ("Choose a reason") for a select that starts unanswered. */
  placeholder?: string;
  error?: string | undefined;
  required?: boolean;
}

/** A labelled native select with its message underneath. */
export function SelectField<V extends string>({ label, value, options, onChange, placeholder, error, required }: SelectFieldProps<V>) {
  return (
    <FieldShell label={label} error={error} required={required}>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.currentTarget.value as V)}>
          {placeholder !== undefined && (
            <option value="" disabled>
              {placeholder}
            </option>
          )}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FieldShell>
  );
}
