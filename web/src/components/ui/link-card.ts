import type { LinkBoxProps } from '@chakra-ui/react';

/**
 * A card that is one link (Chakra's LinkBox with a LinkOverlay inside): raised on hover, and showing the
 * overlay's keyboard focus around the whole card.
 */
export const linkCardStyles = {
  p: '5',
  bg: 'bg',
  borderWidth: '1px',
  borderRadius: 'lg',
  transition: 'box-shadow 0.15s, border-color 0.15s',
  _hover: { boxShadow: 'md', borderColor: 'brand.300' },
  css: { '&:has(.chakra-linkbox__overlay:focus-visible)': { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' } },
} satisfies LinkBoxProps;
