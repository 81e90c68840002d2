import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUSINESS_SEARCH } from '@solutionz/shared';
import { stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render';
import { BusinessNameSearch } from './business-name-search';

const names = ['Pennine Plumbing', 'Pennine Pipes', 'Penrith Plumbers', 'Penzance Heating', 'Pendle Boilers', 'Penarth Gas', 'Penge Drains'];

function Harness({ onPick = () => undefined }: { onPick?: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <>
      <BusinessNameSearch
        value={value}
        onChange={(next) => {
          setValue(next);
          onPick(next);
        }}
      />
      <button type="button">Elsewhere</button>
    </>
  );
}

let api: ReturnType<typeof stubApi>;
const searches = () => api.callsTo('searchBusinesses').map((request) => request.query.q);
const field = () => screen.getByRole('combobox');
/** Lets `ms` pass on the timers (debounce, close after blur) at once; between pauses they keep pace with real time. */
const pause = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
  // The API never answers more names than the sign-up search shows.
  const businesses = names.slice(0, BUSINESS_SEARCH.maxResults).map((businessName, index) => ({ id: `b${index}`, businessName, claimable: false }));
  api = stubApi({ searchBusinesses: () => ({ businesses }) });
});
afterEach(() => vi.useRealTimers());

describe('business-name search', () => {
  it(`does not search below ${BUSINESS_SEARCH.minChars} characters`, async () => {
    const { user } = renderWithProviders(<Harness />);
    await user.type(field(), 'P');
    await pause(BUSINESS_SEARCH.debounceMs + 150);
    expect(searches()).toEqual([]);
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('waits for typing to pause, then searches once for the whole text', async () => {
    const { user } = renderWithProviders(<Harness />);
    await user.type(field(), 'Penn');
    expect(searches()).toEqual([]);
    await waitFor(() => expect(searches()).toEqual(['Penn']));
    await pause(BUSINESS_SEARCH.debounceMs + 100);
    expect(searches()).toEqual(['Penn']);
  });

  it(`shows at most ${BUSINESS_SEARCH.maxResults} names`, async () => {
    const { user } = renderWithProviders(<Harness />);
    await user.type(field(), 'Pen');
    expect(await screen.findAllByRole('option')).toHaveLength(BUSINESS_SEARCH.maxResults);
    expect(field()).toHaveAttribute('aria-expanded', 'true');
  });

  it('moves through the names with the arrow keys and picks one with Enter', async () => {
    const onPick = vi.fn();
    const { user } = renderWithProviders(<Harness onPick={onPick} />);
    await user.type(field(), 'Pen');
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const second = screen.getByRole('option', { name: names[1] });
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(field()).toHaveAttribute('aria-activedescendant', second.id);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('option', { name: names[BUSINESS_SEARCH.maxResults - 1] })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onPick).toHaveBeenLastCalledWith(names[1]);
    expect(field()).toHaveValue(names[1]);
    expect(field()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes with Escape, and shortly after the field loses focus', async () => {
    const { user } = renderWithProviders(<Harness />);
    await user.type(field(), 'Pen');
    await screen.findAllByRole('option');
    await user.keyboard('{Escape}');
    expect(field()).toHaveAttribute('aria-expanded', 'false');

    await user.type(field(), 'n');
    await waitFor(() => expect(field()).toHaveAttribute('aria-expanded', 'true'));
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(field()).toHaveAttribute('aria-expanded', 'true');
    await pause(BUSINESS_SEARCH.closeAfterBlurMs + 50);
    expect(field()).toHaveAttribute('aria-expanded', 'false');
  });

  it('picks a name with the mouse', async () => {
    const onPick = vi.fn();
    const { user } = renderWithProviders(<Harness onPick={onPick} />);
    await user.type(field(), 'Pen');
    await user.click(await screen.findByRole('option', { name: names[2] }));
    expect(onPick).toHaveBeenLastCalledWith(names[2]);
  });
});
