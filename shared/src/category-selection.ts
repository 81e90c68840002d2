/**
 * A category selection is stored as text in one of three forms: `Group` (the whole group),
 * `Group > Sub`, or `Other: text`. Group names contain `/` and `&` but never ` > ` or a leading
 * `Other:`, which is what makes the encoding unambiguous.
 */
export type CategorySelection = { kind: 'group'; group: string } | { kind: 'sub'; group: string; sub: string } | { kind: 'other'; text: string };

const SUB_SEPARATOR = ' > ';
const OTHER_PREFIX = 'Other: ';

export function formatCategorySelection(selection: CategorySelection): string {
  switch (selection.kind) {
    case 'group':
      return selection.group;
    case 'sub':
      return `${selection.group}${SUB_SEPARATOR}${selection.sub}`;
    case 'other':
      return `${OTHER_PREFIX}${selection.text}`;
  }
}

export function parseCategorySelection(value: string): CategorySelection {
  if (value.startsWith('Other:')) {
    return { kind: 'other', text: value.slice('Other:'.length).trim() };
  }
  const at = value.indexOf(SUB_SEPARATOR);
  if (at === -1) return { kind: 'group', group: value.trim() };
  return { kind: 'sub', group: value.slice(0, at).trim(), sub: value.slice(at + SUB_SEPARATOR.length).trim() };
}

/** The part a job or a chip shows: the subcategory of `Group > Sub`, the text of `Other: text`. */
export function categoryLabel(value: string): string {
  const selection = parseCategorySelection(value);
  if (selection.kind === 'sub') return selection.sub;
  if (selection.kind === 'other') return selection.text;
  return selection.group;
}
