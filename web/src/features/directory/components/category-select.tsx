import { Field, NativeSelect } from '@chakra-ui/react';
import { TAXONOMY } from '@solutionz/shared';
import { useCategories } from '@/entities/categories/api/categories';

export interface CategorySelectProps {
  /** A group or subcategory slug; empty for every category. */
  value: string;
  onChange: (slug: string) => void;
}

/** The name the built-in taxonomy gives a slug, while the live one is on its way. */
function taxonomyName(slug: string): string {
  for (const group of TAXONOMY) {
    if (group.slug === slug) return `All ${group.name}`;
    const sub = group.subcategories.find((candidate) => candidate.slug === slug);
    if (sub) return sub.name;
  }
  return slug;
}

/**
 * The directory's category filter: every group of the live taxonomy (GET /api/categories) as a
 * heading of its subcategories, and the whole group as its first choice. A native select, so the
 * keyboard and screen readers work as everywhere else.
 */
export function CategorySelect({ value, onChange }: CategorySelectProps) {
  const { data } = useCategories();
  const groups = data?.groups ?? [];
  const known = groups.some((group) => group.slug === value || group.categories.some((category) => category.slug === value));

  return (
    <Field.Root>
      <Field.Label>Category</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.currentTarget.value)}>
          <option value="">All categories</option>
          {value && !known && <option value={value}>{taxonomyName(value)}</option>}
          {groups.map((group) => (
            <optgroup key={group.slug} label={group.name}>
              <option value={group.slug}>All {group.name}</option>
              {group.categories.map((category) => (
                <option key={category.slug} value={category.slug}>
                  {category.name}
                </option>
              ))}
            </optgroup>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
