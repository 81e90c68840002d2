import { Box, Button } from '@chakra-ui/react';
import { useId, useState, type ReactNode } from 'react';
import { SlidersHorizontalIcon } from 'lucide-react';

interface FoldingFiltersProps {
  /** How many filters are set: the button says "Filters (2)". */
  count: number;
  /** Shown unfolded whatever the button says (a problem with a filter to read). */
  open?: boolean;
  children: ReactNode;
}

/**
 * A search page's filters behind one button on a phone, so the first result shows on the first screen; from the md
 * breakpoint up they are always shown and the button is gone. Folded by default, so a server-rendered page is the same.
 */
export function FoldingFilters({ count, open: forced = false, children }: FoldingFiltersProps) {
  const [unfolded, setUnfolded] = useState(false);
  const id = useId();
  const open = unfolded || forced;
  return (
    <Box>
      <Button hideFrom="md" variant="outline" aria-expanded={open} aria-controls={id} onClick={() => setUnfolded(!open)}>
        <SlidersHorizontalIcon aria-hidden />
        {count > 0 ? `Filters (${count})` : 'Filters'}
      </Button>
      {/* Hidden only below md (a max-width query), so at any width from md up the filters show whatever the state. */}
      <Box id={id} {...(open ? { mt: { base: '4', md: '0' } } : { hideBelow: 'md' })}>
        {children}
      </Box>
    </Box>
  );
}
