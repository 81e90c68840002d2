import { Box, Input, Text, type InputProps } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type Ref } from 'react';

export interface SuggestionOption {
  readonly id: string;
  readonly label: string;
}

export interface SuggestionComboboxProps extends Omit<InputProps, 'value' | 'onChange' | 'onBlur' | 'role'> {
  /** The text in the field. */
  value: string;
  /** Called as the person types. */
  onChange: (value: string) => void;
  /** Called when the person picks an option with Enter or the mouse; the list then closes. */
  onPick: (option: SuggestionOption) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  options: readonly SuggestionOption[];
  /** Whether the person is typing in the field (the list shows while it is open and has options); the owner may search only then. */
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The list's accessible name, e.g. "Matching businesses". */
  listLabel: string;
  /** How long the list stays after the field loses focus, so a click on an option still lands. */
  closeAfterBlurMs: number;
}

/**
 * A text field with a list of suggestions (an ARIA 1.2 combobox): arrow keys move through the
 * options, Enter picks the highlighted one, Escape closes the list, and it closes shortly after the
 * field loses focus. Enter with no option highlighted is left to the page (a form submits, say).
 */
export function SuggestionCombobox({
  value,
  onChange,
  onPick,
  onBlur,
  inputRef,
  options,
  open,
  onOpenChange,
  listLabel,
  closeAfterBlurMs,
  ...inputProps
}: SuggestionComboboxProps) {
  const listId = useId();
  const [active, setActive] = useState(-1);
  const closeTimer = useRef<number | undefined>(undefined);
  const expanded = open && options.length > 0;
  const highlighted = expanded && active < options.length ? active : -1;

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const close = () => {
    onOpenChange(false);
    setActive(-1);
  };
  const pick = (option: SuggestionOption) => {
    onPick(option);
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!options.length) return;
      event.preventDefault();
      onOpenChange(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (Math.min(index, options.length - 1) + step + options.length) % options.length);
    } else if (event.key === 'Enter' && highlighted >= 0) {
      event.preventDefault();
      pick(options[highlighted]!);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      close();
    }
  };

  return (
    // Full width: the field's column aligns its children to the start, so a plain box would shrink to the input's intrinsic width.
    <Box position="relative" width="full">
      <Input
        {...inputProps}
        ref={inputRef}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={highlighted >= 0 ? `${listId}-${highlighted}` : undefined}
        value={value}
        onChange={(event) => {
          onChange(event.currentTarget.value);
          onOpenChange(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => window.clearTimeout(closeTimer.current)}
        onBlur={() => {
          onBlur?.();
          closeTimer.current = window.setTimeout(close, closeAfterBlurMs);
        }}
      />
      <Box
        as="ul"
        id={listId}
        role="listbox"
        aria-label={listLabel}
        hidden={!expanded}
        position="absolute"
        zIndex="dropdown"
        insetX="0"
        mt="1"
        bg="bg.panel"
        borderWidth="1px"
        borderRadius="md"
        boxShadow="md"
        listStyleType="none"
        py="1"
      >
        {options.map((option, index) => (
          <Box
            as="li"
            key={option.id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === highlighted}
            px="3"
            py="2"
            cursor="pointer"
            bg={index === highlighted ? 'brand.subtle' : undefined}
            _hover={{ bg: 'brand.subtle' }}
            // Keeps focus in the field, so the blur timer does not race the click.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(option)}
          >
            <Text>{option.label}</Text>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
