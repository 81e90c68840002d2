/**
 * Lambda's event filtering (the FilterCriteria of an event source mapping), as far as the local stack
 * uses it: a pattern is an object whose keys the event must have; an object value matches the event's
 * value field by field, an array lists what the event's value may be (one of them is enough). An
 * element is an exact value or `{ prefix }`. An event value that is an array matches when one of its
 * items does. Any other operator is refused, so a local run never quietly filters differently from
 * the cloud.
 */
export type FilterPattern = { readonly [key: string]: FilterPattern | readonly FilterElement[] };
type FilterElement = string | number | boolean | null | { readonly prefix: string };

const SUPPORTED_OPERATORS = new Set(['prefix']);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function matchesElement(element: FilterElement, value: unknown): boolean {
  if (isObject(element)) {
    const operators = Object.keys(element).filter((name) => !SUPPORTED_OPERATORS.has(name));
    if (operators.length) throw new Error(`The local event filter does not support ${operators.join(', ')}`);
    return typeof value === 'string' && value.startsWith(element.prefix);
  }
  return value === element;
}

function matchesValue(elements: readonly FilterElement[], value: unknown): boolean {
  if (Array.isArray(value)) return value.some((item) => matchesValue(elements, item));
  return elements.some((element) => matchesElement(element, value));
}

/** Whether Lambda would pass `event` to the function under `pattern`. */
export function matchesFilterPattern(pattern: FilterPattern, event: unknown): boolean {
  if (!isObject(event)) return false;
  return Object.entries(pattern).every(([key, expected]) => {
    if (!(key in event)) return false;
    const value = event[key];
    if (Array.isArray(expected)) return matchesValue(expected as readonly FilterElement[], value);
    return matchesFilterPattern(expected as FilterPattern, value);
  });
}
