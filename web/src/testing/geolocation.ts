/**
 * Gives the jsdom navigator a device location service for one test (setup.ts takes it away after each test).
 * Defined on the real navigator rather than on a stand-in object: libraries read navigator.userAgent and
 * navigator.platform, whose getters refuse any object that is not a real Navigator.
 */
export interface FakeGeolocation {
  getCurrentPosition(
    success: (position: { coords: { latitude: number; longitude: number } }) => void,
    failure?: (error: { code: number; message: string }) => void,
    options?: PositionOptions,
  ): void;
}

export function stubGeolocation(geolocation: FakeGeolocation | undefined): void {
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
}

export function removeGeolocationStub(): void {
  if (Object.prototype.hasOwnProperty.call(navigator, 'geolocation')) {
    Reflect.deleteProperty(navigator, 'geolocation');
  }
}
