import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GEOLOCATION, MESSAGES } from '@solutionz/shared';
import { stubApi } from '@/testing/fake-api';
import { stubGeolocation } from '@/testing/geolocation';
import { renderWithProviders } from '@/testing/render';
import { emptyLocation, type LocationValue } from './directory-search';
import { LocationPicker } from './location-picker';

type Success = (position: { coords: { latitude: number; longitude: number } }) => void;
type Failure = (error: { code: number; message: string }) => void;

/** A device location service the test answers by hand, like a user answering the permission prompt. */
function fakeGeolocation() {
  const pending: { success: Success; failure: Failure; options: PositionOptions | undefined }[] = [];
  const geolocation = {
    getCurrentPosition: vi.fn((success: Success, failure: Failure, options?: PositionOptions) => {
      pending.push({ success, failure, options });
    }),
  };
  stubGeolocation(geolocation);
  const last = () => {
    const request = pending.at(-1);
    if (!request) throw new Error('No location request was made');
    return request;
  };
  return {
    last,
    grant: (latitude: number, longitude: number) => act(() => last().success({ coords: { latitude, longitude } })),
    fail: (code: number) => act(() => last().failure({ code, message: 'failed' })),
  };
}

function Harness() {
  const [value, setValue] = useState<LocationValue>(emptyLocation);
  return (
    <>
      <LocationPicker value={value} onChange={setValue} />
      <output>{JSON.stringify(value)}</output>
    </>
  );
}

const shownValue = () => JSON.parse(screen.getByRole('status', { hidden: true }).textContent ?? '{}') as LocationValue;

afterEach(() => vi.unstubAllGlobals());

describe('LocationPicker', () => {
  it('starts with a location box and the Near me and Set manually buttons', async () => {
    const { user } = renderWithProviders(<Harness />);
    await user.type(screen.getByRole('textbox', { name: 'Location' }), 'Leeds');
    expect(shownValue()).toEqual({ kind: 'text', text: 'Leeds' });
    expect(screen.getByRole('button', { name: 'Near me' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Set manually' })).toBeEnabled();
  });

  it('reads Getting... while the device looks up the position, then uses it with a 25 mile radius', async () => {
    const device = fakeGeolocation();
    const { user } = renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Near me' }));

    expect(screen.getByRole('button', { name: 'Getting...' })).toBeDisabled();
    expect(device.last().options).toEqual({
      enableHighAccuracy: GEOLOCATION.enableHighAccuracy,
      timeout: GEOLOCATION.timeoutMs,
      maximumAge: GEOLOCATION.maximumAgeMs,
    });

    device.grant(53.8, -1.55);
    expect(screen.getByText('Using your location')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Search radius' })).toHaveValue('25');
    expect(shownValue()).toEqual({ kind: 'nearMe', radius: 25, coords: { latitude: 53.8, longitude: -1.55 } });
  });

  it('changes the radius only when Apply is pressed, and X goes back to a blank location', async () => {
    const device = fakeGeolocation();
    const { user } = renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Near me' }));
    device.grant(51.5, -0.12);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Search radius' }), '50 miles');
    expect(shownValue()).toMatchObject({ radius: 25 });
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(shownValue()).toMatchObject({ kind: 'nearMe', radius: 50 });
    expect(screen.getByText('Searching within 50 miles')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear location' }));
    expect(shownValue()).toEqual({ kind: 'text', text: '' });
    expect(screen.getByRole('button', { name: 'Near me' })).toBeInTheDocument();
  });

  it.each([
    [1, MESSAGES.geolocation.denied],
    [2, MESSAGES.geolocation.unavailable],
    [3, MESSAGES.geolocation.timeout],
    [99, MESSAGES.geolocation.other],
  ])('shows the message for geolocation error code %i under the picker', async (code, message) => {
    const device = fakeGeolocation();
    const { user } = renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Near me' }));
    device.fail(code);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Near me' })).toBeEnabled();
    expect(shownValue()).toEqual(emptyLocation);
  });

  it('says so when the browser has no geolocation', async () => {
    stubGeolocation(undefined);
    const { user } = renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Near me' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.geolocation.unsupported);
  });

  it('sets a location manually: Apply is disabled while blank, Cancel keeps the old value', async () => {
    stubApi({ searchLocations: () => ({ best: null, suggestions: [] }) });
    const { user } = renderWithProviders(<Harness />);
    await user.type(screen.getByRole('textbox', { name: 'Location' }), 'York');
    await user.click(screen.getByRole('button', { name: 'Set manually' }));

    const box = await screen.findByRole('combobox', { name: 'Enter a location' });
    await user.clear(box);
    await user.type(box, '   ');
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(shownValue()).toEqual({ kind: 'text', text: 'York' });

    await user.click(screen.getByRole('button', { name: 'Set manually' }));
    const again = await screen.findByRole('combobox', { name: 'Enter a location' });
    await user.clear(again);
    await user.type(again, '  SW1A 1  ');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(shownValue()).toEqual({ kind: 'text', text: 'SW1A 1' });
    expect(screen.getByRole('textbox', { name: 'Location' })).toHaveValue('SW1A 1');
  });

  it('offers places as a location is typed manually, and Enter applies the place picked', async () => {
    const api = stubApi({
      searchLocations: ({ query }) => ({
        best: null,
        suggestions:
          query.q === 'ls1'
            ? [
                { name: 'LS1', lat: 53.7966, lng: -1.5517, precision: 'outcode' },
                { name: 'LS1 4', lat: 53.7962, lng: -1.554, precision: 'sector' },
              ]
            : [],
      }),
    });
    const { user } = renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Set manually' }));
    const box = await screen.findByRole('combobox', { name: 'Enter a location' });
    expect(box).toHaveFocus();
    await user.type(box, 'ls1');

    expect(await screen.findByRole('option', { name: 'LS1 4' })).toBeInTheDocument();
    expect(api.callsTo('searchLocations').map((request) => request.query.q)).toEqual(['ls1']);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(box).toHaveValue('LS1 4');
    expect(shownValue()).toEqual(emptyLocation);

    await user.keyboard('{Enter}');
    expect(shownValue()).toEqual({ kind: 'text', text: 'LS1 4' });
    expect(screen.getByRole('textbox', { name: 'Location' })).toHaveValue('LS1 4');
  });
});
