import { Field, Textarea } from '@chakra-ui/react';
import { MESSAGE_LIMITS } from '@solutionz/shared';

export interface MessageFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  rows?: number;
  onSubmitShortcut?: () => void;
}

/** The text of a message, with its length limit and what is wrong with it beside it. */
export function MessageField({ label, value, onChange, error, rows = 4, onSubmitShortcut }: MessageFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <Textarea
        value={value}
        rows={rows}
        maxLength={MESSAGE_LIMITS.textMax}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          // Ctrl+Enter (or Cmd+Enter) sends; Enter alone is a new line.
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && onSubmitShortcut) {
            event.preventDefault();
            onSubmitShortcut();
          }
        }}
      />
      {error ? (
        <Field.ErrorText color="red.700">{error}</Field.ErrorText>
      ) : (
        <Field.HelperText>{`${value.length} / ${MESSAGE_LIMITS.textMax}`}</Field.HelperText>
      )}
    </Field.Root>
  );
}
