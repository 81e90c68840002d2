import { Flex, Button, HStack, IconButton, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { XIcon } from 'lucide-react';
import { CATEGORY_CHIP_MAX_CHARS, CATEGORY_CHIPS_SHOWN, categoryLabel } from '@solutionz/shared';

/** What a chip shows: the category's own name, cut to CATEGORY_CHIP_MAX_CHARS with an ellipsis. */
export function categoryChipText(item: string): string {
  const text = categoryLabel(item);
  return text.length > CATEGORY_CHIP_MAX_CHARS ? `${text.slice(0, CATEGORY_CHIP_MAX_CHARS - 1)}…` : text;
}

export interface CategoryChipsProps {
  /** Stored selections (`Group`, `Group > Sub`, `Other: text`). */
  value: readonly string[];
  /** The list's accessible name. */
  label: string;
  /** Given: each chip has a remove button. */
  onRemove?: (item: string) => void;
}

/**
 * Chosen categories as chips (docs/product/categories.md#selections): the first CATEGORY_CHIPS_SHOWN, then "+N more"
 * to show the rest. The full selection is each chip's title.
 */
export function CategoryChips({ value, label, onRemove }: CategoryChipsProps) {
  const [showAll, setShowAll] = useState(false);
  if (value.length === 0) return null;
  const visible = showAll ? value : value.slice(0, CATEGORY_CHIPS_SHOWN);
  const hidden = value.length - visible.length;
  return (
    <Flex wrap="wrap" gap="2" role="list" aria-label={label}>
      {visible.map((item) => (
        <HStack key={item} role="listitem" gap="1" ps="3" pe={onRemove ? '1' : '3'} py="1" borderRadius="full" bg="brand.subtle" color="brand.fg">
          <Text fontSize="sm" title={item}>
            {categoryChipText(item)}
          </Text>
          {onRemove && (
            <IconButton aria-label={`Remove ${item}`} size="2xs" variant="ghost" borderRadius="full" onClick={() => onRemove(item)}>
              <XIcon />
            </IconButton>
          )}
        </HStack>
      ))}
      {value.length > CATEGORY_CHIPS_SHOWN && (
        <Button size="xs" variant="plain" aria-expanded={showAll} onClick={() => setShowAll((open) => !open)}>
          {showAll ? 'Show fewer' : `+${hidden} more`}
        </Button>
      )}
    </Flex>
  );
}
