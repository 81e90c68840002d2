import { act, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCATION_MESSAGES, LOCATION_SEARCH, LOCATION_SEARCH_DEBOUNCE_MS, type Place } from '@solutionz/shared';
import { stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render';
import { LocationAutocomplete, type LocationAutocompleteProps } from './location-autocomplete';

const town = (name: string, lat = 53.8, lng = -1.5): Place => ({ name, lat, lng, precision: 'town' });
const LEEDS_AREA = [town('Leeds'), town('Leek, Staffordshire'), town('Lees, Oldham'), town('Leeswood, Flintshire'), town('Lee, Greater London')];

function Harness(props: Partial<LocationAutocompleteProps>) {
  const [value, setValue] = useState('');
  return (
    <>
      <LocationAutocomplete label="Location" value={value} onChange={setValue} {...props} />
      <button type="button">Elsewhere</button>
    </>
  );
}

let api: ReturnType<typeof stubApi>;
const searches = () => api.callsTo('searchLocations').map((request) => request.query.q);
const field = () => screen.getByRole('combobox', { name: 'Location' });
/** Lets `ms` pass on the timers (debounce, close after blur) at once; between pauses they keep pace with real time. */
const pause = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
  api = stubApi({ searchLocations: ({ query }) => ({ best: null, suggestions: query.q.toLowerCase().startsWith('lee') ? LEEDS_AREA : [] }) });
});
afterEach(() => vi.useRealTimers());

describe('LocationAutocomplete', () => {
  it(`does not look places up below ${LOCATION_SEARCH.minChars} characters`, async () => {
    const { user } = renderWithProviders(<Harness />);
    await user.type(field(), 'L');
    await pause(LOCATION_SEARCH_DEBOUNCE_MS + 150);
    expect(searches()).toEqual([]);
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it(`waits ${LOCATION_SEARCH_DEBOUNCE_MS} ms after typing stops, then looks up the whole text once`, async () => {
    const { user } = renderWithProviders(<Harness />);
    await user.type(field(), 'Leed');
    expect(searches()).toEqual([]);
    await waitFor(() => expect(searches()).toEqual(['Leed']));
    await pause(LOCATION_SEARCH_DEBOUNCE_MS + 100);
    expect(searches()).toEqual(['Leed']);
  });

  it('shows the places by name, and picking one with the keyboard puts its name in the field', async () => {
    const { user } = renderWithProviders(<Harness />);
    await user.type(field(), 'Lee');
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(LEEDS_AREA.map((place) => place.name));
    expect(screen.getByRole('listbox', { name: 'Matching places' })).toBeVisible();
    expect(field()).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    const second = screen.getByRole('option', { name: 'Leek, Staffordshire' });
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(field()).toHaveAttribute('aria-activedescendant', second.id);
    await user.keyboard('{Enter}');
    expect(field()).toHaveValue('Leek, Staffordshire');
    expect(field()).toHaveAttribute('aria-expanded', 'false');
  });

  it('picks a place with the mouse', async () => {
    const { user } = renderWithProviders(<Harness />);
    await user.type(field(), 'Lee');
    await user.click(await screen.findByRole('option', { name: 'Lees, Oldham' }));
    expect(field()).toHaveValue('Lees, Oldham');
  });

  it('closes with Escape, and shortly after the field loses focus', async () => {
    const { user } = renderWithProviders(<Harness />);
    await user.type(field(), 'Lee');
    await screen.findAllByRole('option');
    await user.keyboard('{Escape}');
    expect(field()).toHaveAttribute('aria-expanded', 'false');

    await user.type(field(), 'd');
    await waitFor(() => expect(field()).toHaveAttribute('aria-expanded', 'true'));
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    await pause(250);
    expect(field()).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the message under the field and offers the places the server suggested, filling the field with the one chosen', async () => {
    const { user } = renderWithProviders(
      <Harness error={LOCATION_MESSAGES.ambiguous('Richmond')} suggestions={[town('Richmond, Greater London'), town('Richmond, North Yorkshire')]} />,
    );
    expect(field()).toHaveAccessibleErrorMessage(LOCATION_MESSAGES.ambiguous('Richmond'));
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    const choices = screen.getByRole('group', { name: 'Places to choose from' });
    await user.click(within(choices).getByRole('button', { name: 'Richmond, North Yorkshire' }));
    expect(field()).toHaveValue('Richmond, North Yorkshire');
    expect(field()).toHaveFocus();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('can name the field for assistive technology only', () => {
    renderWithProviders(<LocationAutocomplete label="Enter a location" labelHidden value="" onChange={() => undefined} />);
    expect(screen.getByRole('combobox', { name: 'Enter a location' })).toBeInTheDocument();
    expect(screen.queryByText('Enter a location')).not.toBeInTheDocument();
  });
});
