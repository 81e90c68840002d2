import { Box, chakra, type BoxProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A table on wide screens; on a phone each row becomes a card of labelled lines, so nothing runs off
 * the side of a 390 px screen. Plain elements: the theme carries no table recipe.
 */
export function ResponsiveTable({ caption, headers, children }: { caption: string; headers: readonly string[]; children: ReactNode }) {
  return (
    // On a phone the table and its body are plain blocks too: a table's layout would add each card's
    // padding and border to the full width and push it past the right edge.
    <Box as="table" display={{ base: 'block', md: 'table' }} width="full" fontSize="sm" css={{ borderCollapse: 'collapse' }}>
      <Box as="caption" srOnly>
        {caption}
      </Box>
      <Box as="thead" display={{ base: 'none', md: 'table-header-group' }}>
        <Box as="tr" borderBottomWidth="1px">
          {headers.map((header) => (
            <chakra.th key={header} scope="col" textAlign="start" fontWeight="semibold" color="fg.muted" px="3" py="2">
              {header}
            </chakra.th>
          ))}
        </Box>
      </Box>
      <Box as="tbody" display={{ base: 'block', md: 'table-row-group' }}>
        {children}
      </Box>
    </Box>
  );
}

export function Row({ children, ...rest }: { children: ReactNode } & BoxProps) {
  return (
    <Box
      as="tr"
      display={{ base: 'block', md: 'table-row' }}
      borderWidth={{ base: '1px', md: '0' }}
      borderBottomWidth="1px"
      borderRadius={{ base: 'lg', md: '0' }}
      p={{ base: '3', md: '0' }}
      mb={{ base: '3', md: '0' }}
      {...rest}
    >
      {children}
    </Box>
  );
}

/** One cell; on a phone its column's name stands before it. */
export function Cell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      as="td"
      display={{ base: 'flex', md: 'table-cell' }}
      gap="2"
      px={{ base: '0', md: '3' }}
      py={{ base: '1', md: '3' }}
      verticalAlign="top"
      overflowWrap="anywhere"
    >
      <Box as="span" display={{ base: 'inline', md: 'none' }} fontWeight="semibold" color="fg.muted" flexShrink="0" minW="24">
        {label}
      </Box>
      <Box minW="0">{children}</Box>
    </Box>
  );
}
