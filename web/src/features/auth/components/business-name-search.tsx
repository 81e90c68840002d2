import { Box, Input, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { BUSINESS_SEARCH } from '@solutionz/shared';
import { apiRequest } from '@/lib/api-client';
import { useDebouncedValue } from './use-debounced-value';

export interface BusinessNameSearchProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  name?: string;
}

/**
 * The business-name field of provider sign-up with its search of listed businesses (spec 01
 * sections 5 and 9): from BUSINESS_SEARCH.minChars characters, debounced, at most maxResults names,
 * closing shortly after the field loses focus so a click on a name still lands. An ARIA combobox:
 * arrow keys move through the names, Enter picks one, Escape closes the list.
 */
export function BusinessNameSearch({ value, onChange, onBlur, inputRef, name }: BusinessNameSearchProps) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const closeTimer = useRef<number | undefined>(undefined);
  const term = useDebouncedValue(value.trim(), BUSINESS_SEARCH.debounceMs);
  const searchable = term.length >= BUSINESS_SEARCH.minChars;

  const { data } = useQuery({
    queryKey: ['businessSearch', term],
    queryFn: ({ signal }) => apiRequest('searchBusinesses', { query: { q: term }, signal }),
    enabled: open && searchable,
    staleTime: 30_000,
  });
  const names = searchable ? (data?.businesses ?? []).slice(0, BUSINESS_SEARCH.maxResults) : [];
  const expanded = open && names.length > 0;

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const pick = (businessName: string) => {
    onChange(businessName);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!names.length) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + step + names.length) % names.length);
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      event.preventDefault();
      pick(names[active]!.businessName);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    // Full width: the field's column aligns its children to the start, so a plain box would shrink to the input's intrinsic width.
    <Box position="relative" width="full">
      <Input
        ref={inputRef}
        name={name}
        role="combobox"
        autoComplete="organization"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        value={value}
        onChange={(event) => {
          onChange(event.currentTarget.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => window.clearTimeout(closeTimer.current)}
        onBlur={() => {
          onBlur?.();
          closeTimer.current = window.setTimeout(() => setOpen(false), BUSINESS_SEARCH.closeAfterBlurMs);
        }}
      />
      <Box
        as="ul"
        id={listId}
        role="listbox"
        aria-label="Matching businesses"
        hidden={!expanded}
        position="absolute"
        zIndex="dropdown"
        insetX="0"
        mt="1"
        bg="bg.panel"
        borderWidth="1px"
        borderRadius="md"
        boxShadow="md"
        listStyleType="none"
        py="1"
      >
        {names.map((business, index) => (
          <Box
            as="li"
            key={business.id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            px="3"
            py="2"
            cursor="pointer"
            bg={index === active ? 'brand.subtle' : undefined}
            _hover={{ bg: 'brand.subtle' }}
            // Keeps focus in the field, so the blur timer does not race the click.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(business.businessName)}
          >
            <Text>{business.businessName}</Text>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
