import { Button, HStack, Text } from '@chakra-ui/react';
import { pageItems } from '@/lib/job-board-url';

/** Numbered pages: first, last, the current one's neighbours, ellipses between. */
export function JobPagination({ page, pageCount, onPage }: { page: number; pageCount: number; onPage: (page: number) => void }) {
  if (pageCount <= 1) return null;
  return (
    <HStack as="nav" aria-label="Pagination" gap="1" flexWrap="wrap" justify="center">
      <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      {pageItems(page, pageCount).map((item) =>
        item.kind === 'gap' ? (
          <Text key={item.key} px="2" aria-hidden>
            …
          </Text>
        ) : (
          <Button
            key={item.page}
            size="sm"
            variant={item.page === page ? 'solid' : 'outline'}
            aria-current={item.page === page ? 'page' : undefined}
            aria-label={`Page ${item.page}`}
            onClick={() => onPage(item.page)}
          >
            {item.page}
          </Button>
        ),
      )}
      <Button size="sm" variant="outline" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </HStack>
  );
}
