import { Field, NativeSelect } from '@chakra-ui/react';

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
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
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
      <Field.ErrorText color="red.700">{error}</Field.ErrorText>
    </Field.Root>
  );
}
