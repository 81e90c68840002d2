import { describe, expect, it } from 'vitest';
import { readDirectoryFilters } from '@solutionz/shared';
import { directoryPath, nearMePosition, nearMeState, noDirectoryFilters } from './directory-url';

const read = (search: string) => readDirectoryFilters(new URLSearchParams(search));

describe('directory addresses', () => {
  it('write the search parameters in a stable order and read them back', () => {
    const filters = {
      service: 'Dog Walking',
      category: 'pets-animals',
      location: 'LS1 4',
      nearMe: false,
      radius: 10,
      quickReplies: true,
      insured: true,
    } as const;
    const path = directoryPath(filters);
    expect(path).toBe('/directory?service=Dog+Walking&category=pets-animals&location=LS1+4&radius=10&replies=day&insured=yes');
    expect(read(path.split('?')[1]!)).toEqual(filters);
  });

  it('leave the default radius out unless near me is on, as the home page search does', () => {
    expect(directoryPath({ ...noDirectoryFilters, location: 'Bristol' })).toBe('/directory?location=Bristol');
    expect(directoryPath({ ...noDirectoryFilters, nearMe: true })).toBe('/directory?nearme=true&radius=25');
    expect(directoryPath(noDirectoryFilters)).toBe('/directory');
  });

  it('let near me win over a place, and fall back to 25 miles for a radius not on offer', () => {
    expect(read('location=Leeds&nearme=true&radius=7')).toEqual({ ...noDirectoryFilters, nearMe: true, radius: 25 });
    expect(directoryPath({ ...noDirectoryFilters, location: 'Leeds', nearMe: true, radius: 5 })).toBe('/directory?nearme=true&radius=5');
  });

  it('carry a near-me position in history state only when it is a real one', () => {
    expect(nearMePosition(nearMeState({ latitude: 53.8, longitude: -1.55 }))).toEqual({ latitude: 53.8, longitude: -1.55 });
    expect(nearMePosition(null)).toBeUndefined();
    expect(nearMePosition({ nearMe: { latitude: '53.8', longitude: -1.55 } })).toBeUndefined();
    expect(nearMePosition({ nearMe: { latitude: Number.NaN, longitude: 0 } })).toBeUndefined();
  });
});
