import { Button, chakra, Field, Flex, Grid, HStack, IconButton, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { LocateFixedIcon, MapPinIcon, SearchIcon, XIcon } from 'lucide-react';
import { isRadius, RADIUS_OPTIONS_MILES, RESPONSE_TIME_MESSAGES, type DirectoryFilters, type Place } from '@solutionz/shared';
import { ToggleSwitch } from '@/components/ui/toggle-switch';
import { LocationAutocomplete } from '@/entities/locations/components/location-autocomplete';
import { CategorySelect } from './category-select';

/** Near me as the bar shows it: off (a typed place, or none), waiting for the device, or on. */
export type NearMeStatus = 'off' | 'locating' | 'on';

export interface DirectoryFiltersBarProps {
  /** The search on screen, as the address holds it. */
  filters: DirectoryFilters;
  nearMe: NearMeStatus;
  /** The device is being asked where it is. */
  locating: boolean;
  /** Why the location cannot be used (a place the API cannot find, the device's refusal), shown under the field. */
  locationError?: string;
  /** Places the API offered for a location it could not place; choosing one searches from it. */
  suggestions: readonly Place[];
  /** Search with these filters. */
  onApply: (filters: DirectoryFilters) => void;
  /** Asks the device where it is, then searches near it with these filters. */
  onNearMe: (filters: DirectoryFilters) => void;
}

type Draft = Pick<DirectoryFilters, 'service' | 'category' | 'location' | 'radius' | 'quickReplies' | 'insured'>;

const draftOf = ({ service, category, location, radius, quickReplies, insured }: DirectoryFilters): Draft => ({
  service,
  category,
  location,
  radius,
  quickReplies,
  insured: insured === true,
});

/**
 * The directory's filters bar (docs/product/directory.md#searching): service text, category, location (the
 * place autocomplete, or near me) and radius. Text is searched on Search or Enter; a category, a
 * radius, the quick-replies switch or a suggested place searches at once, with whatever text is in the boxes.
 */
export function DirectoryFiltersBar({ filters, nearMe, locating, locationError, suggestions, onApply, onNearMe }: DirectoryFiltersBarProps) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(filters));
  const [shown, setShown] = useState(filters);
  // Back, Forward or a link changed the search: the boxes show it, whatever was typed before.
  if (shown !== filters) {
    setShown(filters);
    setDraft(draftOf(filters));
  }

  const nearMeOn = nearMe !== 'off';
  const apply = (change: Partial<DirectoryFilters> = {}) => onApply({ ...draft, nearMe: nearMeOn, ...change });
  const change = (next: Partial<Draft>) => setDraft((current) => ({ ...current, ...next }));

  return (
    <chakra.form
      role="search"
      aria-label="Filter professionals"
      noValidate
      borderWidth="1px"
      borderRadius="xl"
      bg="bg"
      p={{ base: '4', md: '5' }}
      boxShadow="sm"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        apply();
      }}
    >
      <Stack gap="4">
        <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)', xl: '1.2fr 1.2fr 1.6fr 0.8fr' }} gap="4" alignItems="start">
          <Field.Root>
            <Field.Label>Service</Field.Label>
            <Input
              placeholder="e.g. plumber, tutor, photographer"
              value={draft.service}
              enterKeyHint="search"
              onChange={(event) => change({ service: event.currentTarget.value })}
            />
          </Field.Root>

          <CategorySelect
            value={draft.category}
            onChange={(category) => {
              change({ category });
              apply({ category });
            }}
          />

          <Stack gap="2">
            {nearMeOn ? (
              <Stack gap="1.5">
                <Text fontSize="sm" fontWeight="medium">
                  Location
                </Text>
                <HStack gap="2" minH="10" ps="3" pe="1" borderWidth="1px" borderRadius="md" justify="space-between">
                  <HStack gap="2" color="brand.fg" fontWeight="medium" aria-live="polite">
                    <MapPinIcon aria-hidden="true" />
                    <Text>{nearMe === 'locating' ? 'Getting your location...' : 'Using your location'}</Text>
                  </HStack>
                  <IconButton aria-label="Clear location" variant="ghost" size="sm" onClick={() => apply({ nearMe: false, location: '' })}>
                    <XIcon />
                  </IconButton>
                </HStack>
              </Stack>
            ) : (
              <>
                <LocationAutocomplete
                  label="Location"
                  name="location"
                  value={draft.location}
                  error={locationError}
                  suggestions={suggestions}
                  onChange={(location) => {
                    change({ location });
                    if (suggestions.some((place) => place.name === location)) apply({ location, nearMe: false });
                  }}
                />
                <Button
                  alignSelf="flex-start"
                  size="sm"
                  variant="outline"
                  disabled={locating}
                  aria-busy={locating}
                  onClick={() => onNearMe({ ...draft, nearMe: true, location: '' })}
                >
                  <LocateFixedIcon aria-hidden="true" />
                  {locating ? 'Getting...' : 'Near me'}
                </Button>
              </>
            )}
          </Stack>

          <Field.Root>
            <Field.Label>Radius</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={draft.radius}
                onChange={(event) => {
                  const radius = Number(event.currentTarget.value);
                  if (!isRadius(radius)) return;
                  change({ radius });
                  apply({ radius });
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
          </Field.Root>
        </Grid>
        <Flex justify="space-between" align="center" gap="4" wrap="wrap">
          <Flex gap="6" wrap="wrap">
            <ToggleSwitch
              label={RESPONSE_TIME_MESSAGES.filterLabel}
              checked={draft.quickReplies}
              onChange={(quickReplies) => {
                change({ quickReplies });
                apply({ quickReplies });
              }}
            />
            <ToggleSwitch
              label="Checked insurance only"
              checked={draft.insured === true}
              onChange={(insured) => {
                change({ insured });
                apply({ insured });
              }}
            />
          </Flex>
          <Button type="submit" minW="32" width={{ base: 'full', sm: 'auto' }}>
            <SearchIcon aria-hidden="true" />
            Search
          </Button>
        </Flex>
      </Stack>
    </chakra.form>
  );
}
