import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A small red count (unread messages): visual only; what it counts is for the caller to say in words. */
export function CountBadge({ children }: { children: ReactNode }) {
  return (
    <Box
      as="span"
      aria-hidden="true"
      minW="5"
      h="5"
      px="1.5"
      borderRadius="full"
      bg="red.600"
      color="white"
      fontSize="xs"
      fontWeight="bold"
      display="inline-grid"
      placeItems="center"
      flexShrink="0"
    >
      {children}
    </Box>
  );
}
