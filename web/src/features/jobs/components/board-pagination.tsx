import { Button, HStack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { pageItems } from '@/lib/job-board-url';

export interface BoardPaginationProps {
  page: number;
  /** Undefined where the board keeps no count of the result (around a place, a budget range). */
  pageCount?: number;
  /** There is a page after this one. */
  more: boolean;
  /** The address of a page: links, so each page is an entry in the history and opens in a new tab too. */
  hrefOf: (page: number) => string;
}

/**
 * The board's numbered pages (docs/product/jobs.md#the-job-board): Previous, the first and last pages, the current
 * one (aria-current) and its neighbours with ellipses between, Next. A landmark of its own, every page a link.
 */
export function BoardPagination({ page, pageCount, more, hrefOf }: BoardPaginationProps) {
  if (page === 1 && !more) return null;
  const hasNext = more || (pageCount !== undefined && page < pageCount);
  return (
    <HStack as="nav" aria-label="Pagination" gap="1" flexWrap="wrap" justify="center">
      <StepLink label="Previous" href={page > 1 ? hrefOf(page - 1) : undefined} />
      {pageItems(page, pageCount, more).map((item) =>
        item.kind === 'gap' ? (
          <Text key={item.key} px="2" aria-hidden>
            …
          </Text>
        ) : (
          <Button
            key={item.page}
            asChild
            size="sm"
            minW="9"
            variant={item.page === page ? 'solid' : 'outline'}
            aria-current={item.page === page ? 'page' : undefined}
          >
            <RouterLink to={hrefOf(item.page)} aria-label={`Page ${item.page}`}>
              {item.page}
            </RouterLink>
          </Button>
        ),
      )}
      <StepLink label="Next" href={hasNext ? hrefOf(page + 1) : undefined} />
    </HStack>
  );
}

/** Previous or Next: a link, or a disabled button where there is no such page. */
function StepLink({ label, href }: { label: string; href: string | undefined }) {
  return href === undefined ? (
    <Button size="sm" variant="outline" disabled>
      {label}
    </Button>
  ) : (
    <Button asChild size="sm" variant="outline">
      <RouterLink to={href}>{label}</RouterLink>
    </Button>
  );
}
