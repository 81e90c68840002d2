import { Button, chakra, Field, Fieldset, HStack, Input, NativeSelect, SimpleGrid, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { formatCategorySelection, isRadius, JOB_BUDGET_SLIDER, RADIUS_OPTIONS_MILES, type JobBoardFilters } from '@solutionz/shared';
import { useCategories } from '@/entities/categories/api/categories';
import { firstPageOf, noJobBoardFilters } from '@/lib/job-board-url';

const SLIDER_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown']);
const RANGE_STYLE = { width: 'full', accentColor: 'brand.solid' } as const;

/**
 * The board's filters (docs/product/jobs.md#the-job-board); every change goes to the address bar and back to the first page.
 * The page gives it a key from the filters, so a new address (back, a shared link) starts it afresh.
 */
export function JobFilters({ filters, onChange }: { filters: JobBoardFilters; onChange: (next: JobBoardFilters) => void }) {
  const categories = useCategories();
  const [location, setLocation] = useState(filters.location);
  const [budget, setBudget] = useState<[number, number]>([
    filters.minBudget ?? JOB_BUDGET_SLIDER.defaultMin,
    filters.maxBudget ?? JOB_BUDGET_SLIDER.defaultMax,
  ]);
  const change = (next: Partial<JobBoardFilters>) => onChange({ ...firstPageOf(filters), ...next });
  const budgetApplied = filters.minBudget !== undefined && filters.maxBudget !== undefined;
  const applyBudget = ([min, max]: [number, number]) => change({ minBudget: Math.min(min, max), maxBudget: Math.max(min, max) });

  return (
    <chakra.form
      aria-label="Job filters"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        change({ location: location.trim() });
      }}
    >
      <SimpleGrid columns={{ base: 1, md: 2, lg: 4 }} gap="4" alignItems="start">
        <Field.Root>
          <Field.Label>Category</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={filters.category} onChange={(event) => change({ category: event.currentTarget.value })}>
              <option value="">All categories</option>
              {(categories.data?.groups ?? []).map((group) => (
                <optgroup key={group.name} label={group.name}>
                  <option value={group.name}>All of {group.name}</option>
                  {group.categories.map((sub) => {
                    const value = formatCategorySelection({ kind: 'sub', group: group.name, sub: sub.name });
                    return (
                      <option key={value} value={value}>
                        {sub.name}
                      </option>
                    );
                  })}
                </optgroup>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root>
          <Field.Label>Location</Field.Label>
          <HStack>
            <Input value={location} placeholder="Town, city or postcode" onChange={(event) => setLocation(event.currentTarget.value)} />
            <Button type="submit" variant="outline">
              Search
            </Button>
          </HStack>
        </Field.Root>
        <Field.Root disabled={!location.trim()}>
          <Field.Label>Radius</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={filters.radius}
              onChange={(event) => {
                const radius = Number(event.currentTarget.value);
                if (isRadius(radius)) change({ location: location.trim(), radius });
              }}
            >
              {RADIUS_OPTIONS_MILES.map((radius) => (
                <option key={radius} value={radius}>
                  Within {radius} miles
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {!location.trim() && <Field.HelperText>Type a place to search around it.</Field.HelperText>}
        </Field.Root>
        <Field.Root>
          <Field.Label>Budget type</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={filters.budgetType}
              onChange={(event) => change({ budgetType: event.currentTarget.value as JobBoardFilters['budgetType'] })}
            >
              <option value="any">Any</option>
              <option value="hourly">Hourly</option>
              <option value="fixed">Fixed price</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </SimpleGrid>
      <Fieldset.Root mt="4">
        <Fieldset.Legend>Budget range</Fieldset.Legend>
        <Text fontSize="sm" color="fg.muted" aria-live="polite">
          £{budget[0]} – £{budget[1]}
          {budgetApplied ? '' : ' (not applied)'}
        </Text>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {(['Minimum budget', 'Maximum budget'] as const).map((label, end) => (
            <chakra.label key={label} display="flex" flexDirection="column" gap="1" fontSize="sm">
              {label}
              <chakra.input
                type="range"
                min={0}
                max={JOB_BUDGET_SLIDER.max}
                step={JOB_BUDGET_SLIDER.step}
                value={budget[end]}
                {...RANGE_STYLE}
                onChange={(event) => {
                  const next: [number, number] = [...budget];
                  next[end] = Number(event.currentTarget.value);
                  setBudget(next);
                }}
                onPointerUp={() => applyBudget(budget)}
                onKeyUp={(event) => {
                  if (SLIDER_KEYS.has(event.key)) applyBudget(budget);
                }}
              />
            </chakra.label>
          ))}
        </SimpleGrid>
      </Fieldset.Root>
      <Button mt="4" variant="ghost" size="sm" onClick={() => onChange(noJobBoardFilters)}>
        Clear filters
      </Button>
    </chakra.form>
  );
}
