import { Button, HStack, Text } from '@chakra-ui/react';
import { useState } from 'react';

/**
 * Pages read with a cursor: the cursors of the pages before are kept, so Previous goes back
 * without the API needing to page backwards. A new search or filter starts again at page 1.
 */
export function useCursorPages() {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  return {
    cursor: cursors[cursors.length - 1],
    page: cursors.length,
    next: (cursor: string) => setCursors((before) => [...before, cursor]),
    previous: () => setCursors((before) => (before.length > 1 ? before.slice(0, -1) : before)),
    reset: () => setCursors([undefined]),
  };
}

export interface CursorPagerProps {
  label: string;
  page: number;
  nextCursor: string | undefined;
  busy: boolean;
  onPrevious: () => void;
  onNext: (cursor: string) => void;
}

export function CursorPager({ label, page, nextCursor, busy, onPrevious, onNext }: CursorPagerProps) {
  if (page === 1 && !nextCursor) return null;
  return (
    <HStack as="nav" aria-label={label} justify="space-between" gap="3" pt="4">
      <Button variant="outline" size="sm" onClick={onPrevious} disabled={page === 1 || busy}>
        Previous
      </Button>
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        Page {page}
      </Text>
      <Button variant="outline" size="sm" onClick={() => nextCursor && onNext(nextCursor)} disabled={!nextCursor || busy}>
        Next
      </Button>
    </HStack>
  );
}
