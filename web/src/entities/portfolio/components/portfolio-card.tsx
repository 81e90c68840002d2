import { Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { ArrowDownIcon, ArrowUpIcon, PencilIcon, TrashIcon } from 'lucide-react';
import type { PortfolioItem } from '@solutionz/shared';
import { PortfolioMediaViewer } from './portfolio-media';

export type MoveDirection = 'up' | 'down';

export interface PortfolioCardActions {
  readonly position: number;
  readonly count: number;
  onMove(direction: MoveDirection): void;
  onEdit(): void;
  onDelete(): void;
}

/** Where focus goes back to after a move: the card's buttons carry these. */
export const moveButtonId = (itemId: string, direction: MoveDirection) => `portfolio-move-${direction}-${itemId}`;

/**
 * One portfolio item (docs/product/provider-profile.md#portfolio): its files, title and description; the owner also gets its
 * buttons. Each button's name carries the item's title after its visible words, so a list of buttons
 * still says which is which.
 */
export function PortfolioCard({ item, actions }: { item: PortfolioItem; actions?: PortfolioCardActions }) {
  const headingId = useId();
  return (
    <Stack as="article" aria-labelledby={headingId} gap="3" p="4" height="full" bg="bg" borderWidth="1px" borderRadius="lg">
      <PortfolioMediaViewer item={item} />
      <Heading as="h3" id={headingId} size="md" lineHeight="short" overflowWrap="anywhere">
        {item.title}
      </Heading>
      {item.description && (
        <Text color="fg.muted" whiteSpace="pre-line" overflowWrap="anywhere">
          {item.description}
        </Text>
      )}
      {actions && (
        <Flex gap="2" wrap="wrap" mt="auto" pt="1">
          <Button
            id={moveButtonId(item.id, 'up')}
            size="xs"
            variant="outline"
            aria-label={`Move up: ${item.title}`}
            disabled={actions.position === 0}
            onClick={() => actions.onMove('up')}
          >
            <ArrowUpIcon aria-hidden="true" />
            Move up
          </Button>
          <Button
            id={moveButtonId(item.id, 'down')}
            size="xs"
            variant="outline"
            aria-label={`Move down: ${item.title}`}
            disabled={actions.position === actions.count - 1}
            onClick={() => actions.onMove('down')}
          >
            <ArrowDownIcon aria-hidden="true" />
            Move down
          </Button>
          <Button size="xs" variant="outline" aria-label={`Edit: ${item.title}`} onClick={actions.onEdit}>
            <PencilIcon aria-hidden="true" />
            Edit
          </Button>
          <Button size="xs" variant="outline" colorPalette="red" aria-label={`Delete: ${item.title}`} onClick={actions.onDelete}>
            <TrashIcon aria-hidden="true" />
            Delete
          </Button>
        </Flex>
      )}
    </Stack>
  );
}
