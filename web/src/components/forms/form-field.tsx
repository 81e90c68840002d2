import { Field, Input, type InputProps } from '@chakra-ui/react';
import { forwardRef, type ReactNode } from 'react';

export interface FormFieldProps extends InputProps {
  label: string;
  error?: string;
  helperText?: ReactNode;
  required?: boolean;
}

/** A labelled input with its message underneath; the label and message are tied to the input for assistive tech. */
export const FormField = forwardRef<HTMLInputElement, FormFieldProps>(function FormField({ label, error, helperText, required, ...input }, ref) {
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input ref={ref} {...input} />
      {helperText && !error && <Field.HelperText>{helperText}</Field.HelperText>}
      <Field.ErrorText color="red.700">{error}</Field.ErrorText>
    </Field.Root>
  );
});

/** The label and message around a custom control that renders its own Chakra input. */
export function FieldShell({
  label,
  error,
  required,
  children,
}: {
  label: string;
  error?: string | undefined;
  required?: boolean | undefined;
  children: ReactNode;
}) {
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      <Field.ErrorText color="red.700">{error}</Field.ErrorText>
    </Field.Root>
  );
}
