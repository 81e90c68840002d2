import { Button, HStack, IconButton, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LocateFixedIcon, MapPinIcon, XIcon } from 'lucide-react';
import { DEFAULT_RADIUS_MILES, RADIUS_OPTIONS_MILES, type RadiusMiles } from '@solutionz/shared';
import { LazyLocationAutocomplete } from '@/entities/locations/components/lazy-location-autocomplete';
import { useGeolocation } from '@/lib/use-geolocation';
import type { LocationValue } from './directory-search';

type Mode = 'default' | 'manual';

export interface LocationPickerProps {
  value: LocationValue;
  onChange: (value: LocationValue) => void;
}

function isRadius(value: number): value is RadiusMiles {
  return (RADIUS_OPTIONS_MILES as readonly number[]).includes(value);
}

/**
 * The three-mode location picker (docs/product/site.md#location-picker). Near me is on exactly while the value
 * holds coordinates; the radius select only takes effect on Apply, and the line above it says
 * which radius the search will use.
 */
export function LocationPicker({ value, onChange }: LocationPickerProps) {
  const geolocation = useGeolocation();
  const [mode, setMode] = useState<Mode>('default');
  const [draft, setDraft] = useState('');
  const [pendingRadius, setPendingRadius] = useState<RadiusMiles>(DEFAULT_RADIUS_MILES);

  const errorMessage = geolocation.state.status === 'error' ? geolocation.state.message : null;
  const error = errorMessage && (
    <Text id="location-error" role="alert" color="red.700" fontSize="sm">
      {errorMessage}
    </Text>
  );

  if (value.kind === 'nearMe') {
    const applyRadius = () => onChange({ ...value, radius: pendingRadius });
    return (
      <Stack gap="2">
        <HStack gap="2" justify="space-between">
          <HStack gap="2" color="brand.fg" fontWeight="medium">
            <MapPinIcon aria-hidden="true" />
            <Text>Using your location</Text>
          </HStack>
          <IconButton
            aria-label="Clear location"
            variant="ghost"
            size="sm"
            onClick={() => {
              geolocation.reset();
              setPendingRadius(DEFAULT_RADIUS_MILES);
              onChange({ kind: 'text', text: '' });
            }}
          >
            <XIcon />
          </IconButton>
        </HStack>
        <Text fontSize="sm" color="fg.muted" aria-live="polite">
          Searching within {value.radius} miles
        </Text>
        <HStack gap="2">
          <NativeSelect.Root flex="1">
            <NativeSelect.Field
              aria-label="Search radius"
              value={pendingRadius}
              onChange={(event) => {
                const radius = Number(event.currentTarget.value);
                if (isRadius(radius)) setPendingRadius(radius);
              }}
            >
              {RADIUS_OPTIONS_MILES.map((radius) => (
                <option key={radius} value={radius}>
                  {radius} miles
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Button variant="outline" onClick={applyRadius} disabled={pendingRadius === value.radius}>
            Apply
          </Button>
        </HStack>
      </Stack>
    );
  }

  if (mode === 'manual') {
    const apply = () => {
      const text = draft.trim();
      if (!text) return;
      onChange({ kind: 'text', text });
      setMode('default');
    };
    return (
      <Stack
        gap="2"
        // Enter applies the text, unless the autocomplete used it to pick a place.
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || event.defaultPrevented || !(event.target instanceof HTMLInputElement)) return;
          event.preventDefault();
          apply();
        }}
      >
        <LazyLocationAutocomplete label="Enter a location" labelHidden value={draft} onChange={setDraft} autoFocus />
        <HStack gap="2">
          <Button flex="1" onClick={apply} disabled={!draft.trim()}>
            Apply
          </Button>
          <Button flex="1" variant="outline" onClick={() => setMode('default')}>
            Cancel
          </Button>
        </HStack>
      </Stack>
    );
  }

  const loading = geolocation.state.status === 'loading';
  return (
    <Stack gap="2">
      <Input
        aria-label="Location"
        placeholder="Town, city or postcode"
        value={value.text}
        aria-describedby={errorMessage ? 'location-error' : undefined}
        onChange={(event) => onChange({ kind: 'text', text: event.currentTarget.value })}
      />
      <HStack gap="2">
        <Button
          flex="1"
          variant="outline"
          disabled={loading}
          aria-busy={loading}
          onClick={() =>
            geolocation.request((coords) => {
              setPendingRadius(DEFAULT_RADIUS_MILES);
              onChange({ kind: 'nearMe', radius: DEFAULT_RADIUS_MILES, coords });
            })
          }
        >
          <LocateFixedIcon aria-hidden="true" />
          {loading ? 'Getting...' : 'Near me'}
        </Button>
        <Button
          flex="1"
          variant="outline"
          onClick={() => {
            setDraft(value.text);
            setMode('manual');
          }}
        >
          Set manually
        </Button>
      </HStack>
      {error}
    </Stack>
  );
}
