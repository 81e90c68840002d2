import { writeFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';

/** The own profile and the account settings, as a person reaches them. */

/** The settings sidebar's tab of that name (docs/product/account-settings.md#account-settings). */
export const settingsTab = (page: Page, name: string) => page.getByRole('tablist', { name: 'Settings' }).getByRole('tab', { name, exact: true });

/** The form of the account settings' profile tab. */
export const profileForm = (page: Page) => page.getByRole('form', { name: 'Profile details' });

/**
 * Types `typed` into a location box as a person does, then picks `place` from the places offered
 * (the list appears once typing pauses).
 */
export async function pickPlace(box: Locator, typed: string, place: string): Promise<void> {
  await box.clear();
  await box.pressSequentially(typed);
  await box.page().getByRole('listbox', { name: 'Matching places' }).getByRole('option', { name: place, exact: true }).click();
  await expect(box).toHaveValue(place);
}

/**
 * Marks the document the page shows now, so a test can tell later that a change reached the screen
 * without the page being loaded again (`expectSameDocument`).
 */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate('window.__e2eDocumentMark = true');
}

export async function expectSameDocument(page: Page): Promise<void> {
  expect(await page.evaluate('window.__e2eDocumentMark === true'), 'the page was loaded again').toBe(true);
}

/** A position in London, as a phone's camera writes it into a photo's EXIF (GPS IFD, degrees/minutes/seconds). */
const PHOTO_GPS = { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 2604/100', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 3924/100' };

/**
 * A real JPEG as a phone leaves it: landscape, with the camera's make and model and where it was
 * taken. Written to `path` (the test's own output folder), for the browser's file chooser.
 */
export async function writePhoneJpeg(path: string): Promise<string> {
  const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: 'Solutionz Phone', Model: 'Test 1' }, IFD3: PHOTO_GPS })
    .toBuffer();
  const { exif } = await sharp(jpeg).metadata();
  // The GPS latitude reference ("N") and the camera's make are in the EXIF block the browser sends.
  if (!exif?.includes('Solutionz Phone') || !exif.includes('N\0')) throw new Error('The test photo carries no EXIF position');
  await writeFile(path, jpeg);
  return path;
}
