import { Input } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { withQueryClient } from '@/lib/query-client-gate';
import type { LocationAutocompleteProps } from './location-autocomplete';

// The autocomplete asks the API through TanStack Query, which a signed-out home page does not load
// (query-client-gate.ts): both arrive when the person first opens a location box that needs them.
const LocationAutocomplete = lazy(async () => ({ default: (await withQueryClient(() => import('./location-autocomplete'))).LocationAutocomplete }));

/**
 * LocationAutocomplete for screens that render before the query client is there (the home page). Until it
 * has loaded, a plain box with the same name and value takes the typing, so nothing typed is lost.
 */
export function LazyLocationAutocomplete(props: LocationAutocompleteProps) {
  const { label, value, onChange, placeholder = 'Town, city or postcode', autoFocus } = props;
  return (
    <Suspense
      fallback={
        <Input aria-label={label} placeholder={placeholder} value={value} autoFocus={autoFocus} onChange={(event) => onChange(event.currentTarget.value)} />
      }
    >
      <LocationAutocomplete {...props} />
    </Suspense>
  );
}
