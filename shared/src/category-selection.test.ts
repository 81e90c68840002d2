import { describe, expect, it } from 'vitest';
import { categoryLabel, formatCategorySelection, parseCategorySelection, type CategorySelection } from './category-selection';
import { TAXONOMY } from './taxonomy';

describe('category selection encoding', () => {
  const cases: [string, CategorySelection][] = [
    ['Construction/Trade', { kind: 'group', group: 'Construction/Trade' }],
    ['Construction/Trade > Plumber', { kind: 'sub', group: 'Construction/Trade', sub: 'Plumber' }],
    ['Hair & Beauty > Barber', { kind: 'sub', group: 'Hair & Beauty', sub: 'Barber' }],
    ['Other: Chimney sweep', { kind: 'other', text: 'Chimney sweep' }],
  ];

  it.each(cases)('parses %s', (text, selection) => {
    expect(parseCategorySelection(text)).toEqual(selection);
  });

  it.each(cases)('formats back to %s', (text, selection) => {
    expect(formatCategorySelection(selection)).toBe(text);
  });

  it('round-trips every group and subcategory of the taxonomy', () => {
    for (const group of TAXONOMY) {
      const whole = formatCategorySelection({ kind: 'group', group: group.name });
      expect(parseCategorySelection(whole)).toEqual({ kind: 'group', group: group.name });
      for (const sub of group.subcategories) {
        const text = formatCategorySelection({ kind: 'sub', group: group.name, sub: sub.name });
        expect(formatCategorySelection(parseCategorySelection(text))).toBe(text);
      }
    }
  });

  it('labels a selection by its most specific part', () => {
    expect(categoryLabel('Pets/Animals > Dog Walking')).toBe('Dog Walking');
    expect(categoryLabel('Other: Chimney sweep')).toBe('Chimney sweep');
    expect(categoryLabel('Education')).toBe('Education');
  });
});

describe('taxonomy', () => {
  it("has the product's 14 groups with about 70 subcategories and unique slugs", () => {
    expect(TAXONOMY).toHaveLength(14);
    const subs = TAXONOMY.flatMap((g) => g.subcategories);
    expect(subs.length).toBeGreaterThanOrEqual(65);
    expect(subs.length).toBeLessThanOrEqual(80);
    const slugs = [...TAXONOMY.map((g) => g.slug), ...subs.map((s) => s.slug)];
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const example of ['Plumber', 'Electrician', 'Tutoring', 'Weddings', 'Photography', 'Dog Walking', 'Accountancy']) {
      expect(subs.map((s) => s.name)).toContain(example);
    }
  });
});
