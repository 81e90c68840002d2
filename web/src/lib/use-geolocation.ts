import { useCallback, useState } from 'react';
import { GEOLOCATION, MESSAGES, type Coordinates } from '@solutionz/shared';

/** Idle (permission unknown), loading, success with coordinates, error with a message (docs/product/site.md#location-picker). */
export type GeolocationState =
  | { readonly status: 'idle' }
  | { readonly status: 'loading' }
  | { readonly status: 'success'; readonly coords: Coordinates }
  | { readonly status: 'error'; readonly message: string };

/** The product's message for a `GeolocationPositionError.code` (1 denied, 2 unavailable, 3 timeout; docs/product/site.md#location-picker). */
function geolocationErrorMessage(code: number): string {
  switch (code) {
    case 1:
      return MESSAGES.geolocation.denied;
    case 2:
      return MESSAGES.geolocation.unavailable;
    case 3:
      return MESSAGES.geolocation.timeout;
    default:
      return MESSAGES.geolocation.other;
  }
}

export function useGeolocation() {
  const [state, setState] = useState<GeolocationState>({ status: 'idle' });

  const request = useCallback((onSuccess: (coords: Coordinates) => void) => {
    if (!('geolocation' in navigator) || !navigator.geolocation) {
      setState({ status: 'error', message: MESSAGES.geolocation.unsupported });
      return;
    }
    setState({ status: 'loading' });
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        const found = { latitude: coords.latitude, longitude: coords.longitude };
        setState({ status: 'success', coords: found });
        onSuccess(found);
      },
      (error) => setState({ status: 'error', message: geolocationErrorMessage(error.code) }),
      { enableHighAccuracy: GEOLOCATION.enableHighAccuracy, timeout: GEOLOCATION.timeoutMs, maximumAge: GEOLOCATION.maximumAgeMs },
    );
  }, []);

  const reset = useCallback(() => setState({ status: 'idle' }), []);

  return { state, request, reset };
}
