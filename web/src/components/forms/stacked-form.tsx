import { chakra, type HTMLChakraProps } from '@chakra-ui/react';

export interface StackedFormProps extends Omit<HTMLChakraProps<'form'>, 'onSubmit'> {
  /** Runs on submit; the browser's own submission (a page load) is always prevented. */
  onSubmit: () => void;
}

/** A form that lays its controls out in a column and leaves validation messages to the app (noValidate). */
export function StackedForm({ onSubmit, gap = '4', ...form }: StackedFormProps) {
  return (
    <chakra.form
      display="flex"
      flexDirection="column"
      gap={gap}
      noValidate
      {...form}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    />
  );
}
