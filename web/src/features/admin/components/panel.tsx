import { Box, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A titled section of an admin screen, named for assistive technology by its title. */
export function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section" aria-label={title} borderWidth="1px" borderRadius="lg" p={{ base: '4', md: '5' }} bg="bg">
      <Heading as="h2" size="md" mb="4">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

/** Figures as a description list of cards; a figure not read yet shows an ellipsis. */
export function StatGrid({ stats, columns, label }: { stats: readonly { label: string; value: number | undefined }[]; columns: number; label?: string }) {
  return (
    <SimpleGrid as="dl" aria-label={label} columns={{ base: 1, sm: 2, lg: columns }} gap="4">
      {stats.map((stat) => (
        <Box key={stat.label} borderWidth="1px" borderRadius="md" p="4">
          <Text as="dt" fontSize="sm" color="fg.muted">
            {stat.label}
          </Text>
          <Text as="dd" fontSize="3xl" fontWeight="bold">
            {stat.value === undefined ? '…' : stat.value.toLocaleString('en-GB')}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}
