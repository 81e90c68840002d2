import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';

const TONES = {
  brand: { bg: 'brand.subtle', color: 'brand.fg' },
  green: { bg: 'green.100', color: 'green.800' },
  orange: { bg: 'orange.100', color: 'orange.800' },
  gray: { bg: 'gray.100', color: 'gray.800' },
} as const;

/**
 * A small label (a role, On or Off, a job's category); plain styles, so no badge recipe joins the entry
 * chunk (see app/theme.ts). A label longer than the row wraps inside it rather than running off a phone's screen.
 */
export function StatusBadge({ tone = 'gray', children }: { tone?: keyof typeof TONES; children: ReactNode }) {
  return (
    <Box
      as="span"
      display="inline-flex"
      alignItems="center"
      maxW="full"
      px="2"
      py="0.5"
      borderRadius="md"
      fontSize="xs"
      fontWeight="medium"
      overflowWrap="anywhere"
      {...TONES[tone]}
    >
      {children}
    </Box>
  );
}
