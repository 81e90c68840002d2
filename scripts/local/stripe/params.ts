import qs from 'qs';
import { stripeErrors } from './errors';

/**
 * Reads the parameters of a Stripe API call: form-encoded bodies and query strings in Stripe's bracket
 * notation (`line_items[0][price]`, `metadata[userId]`, `expand[]`), checked as Stripe checks them:
 * unknown parameters, missing ones, empty strings where a value cannot be unset and malformed numbers
 * are refused with Stripe's error, naming the parameter in Stripe's notation.
 */

export function parseParams(encoded: string): Record<string, unknown> {
  return qs.parse(encoded, { depth: 10, arrayLimit: 1_000, parameterLimit: 10_000 }) as Record<string, unknown>;
}

type Metadata = Record<string, string>;

export class Params {
  constructor(
    private readonly values: Record<string, unknown>,
    private readonly prefix = '',
  ) {}

  /** Stripe's name of a parameter: `subscription_data[metadata]`. */
  name(key: string): string {
    return this.prefix ? `${this.prefix}[${key}]` : key;
  }

  has(key: string): boolean {
    return this.values[key] !== undefined;
  }

  /** Refuses any parameter this call does not know, as Stripe does. */
  allowOnly(keys: readonly string[]): this {
    for (const key of Object.keys(this.values)) {
      if (!keys.includes(key)) throw stripeErrors.unknownParam(this.name(key));
    }
    return this;
  }

  /** A string, `''` when the caller asks to unset it, undefined when absent. */
  optionalString(key: string, { maxLength }: { maxLength?: number } = {}): string | undefined {
    const value = this.values[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw stripeErrors.invalidValue(this.name(key), `Invalid string: ${JSON.stringify(value)}`);
    if (maxLength !== undefined && value.length > maxLength) {
      throw stripeErrors.invalidValue(this.name(key), `Invalid string: ${value.slice(0, 20)}...; must be at most ${maxLength} characters`);
    }
    return value;
  }

  /** A string that cannot be unset. */
  string(key: string, options: { maxLength?: number } = {}): string | undefined {
    const value = this.optionalString(key, options);
    if (value === '') throw stripeErrors.emptyParam(this.name(key));
    return value;
  }

  requiredString(key: string, options: { maxLength?: number } = {}): string {
    const value = this.string(key, options);
    if (value === undefined) throw stripeErrors.missingParam(this.name(key));
    return value;
  }

  integer(key: string, { min, max }: { min?: number; max?: number } = {}): number | undefined {
    const raw = this.string(key);
    if (raw === undefined) return undefined;
    if (!/^-?\d+$/.test(raw)) throw stripeErrors.invalidInteger(this.name(key), raw);
    const value = Number(raw);
    if (min !== undefined && value < min) {
      throw stripeErrors.invalidValue(this.name(key), `This value must be greater than or equal to ${min}.`);
    }
    if (max !== undefined && value > max) {
      throw stripeErrors.invalidValue(this.name(key), `This value must be less than or equal to ${max}.`);
    }
    return value;
  }

  number(key: string, { min, max }: { min: number; max: number }): number | undefined {
    const raw = this.string(key);
    if (raw === undefined) return undefined;
    const value = Number(raw);
    if (!/^\d+(?:\.\d+)?$/.test(raw) || value < min || value > max) {
      throw stripeErrors.invalidValue(this.name(key), `Invalid decimal: ${raw}; must be between ${min} and ${max}`);
    }
    return value;
  }

  boolean(key: string): boolean | undefined {
    const raw = this.string(key);
    if (raw === undefined) return undefined;
    if (raw !== 'true' && raw !== 'false') throw stripeErrors.invalidBoolean(this.name(key), raw);
    return raw === 'true';
  }

  oneOf<const T extends string>(key: string, choices: readonly T[]): T | undefined {
    const raw = this.string(key);
    if (raw === undefined) return undefined;
    if (!(choices as readonly string[]).includes(raw)) {
      const listed = choices.length > 1 ? `${choices.slice(0, -1).join(', ')}, or ${choices.at(-1)}` : choices[0];
      throw stripeErrors.invalidValue(this.name(key), `Invalid ${this.name(key)}: must be one of ${listed}`);
    }
    return raw as T;
  }

  /** Nested parameters (`subscription_data[...]`), or undefined when absent. */
  object(key: string): Params | undefined {
    const value = this.values[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw stripeErrors.invalidValue(this.name(key), `Invalid object`);
    }
    return new Params(value as Record<string, unknown>, this.name(key));
  }

  /** A list of nested parameters (`line_items[0][...]`). */
  objects(key: string): Params[] | undefined {
    const value = this.values[key];
    if (value === undefined) return undefined;
    const items = Array.isArray(value) ? value : typeof value === 'object' && value !== null ? Object.values(value) : undefined;
    if (!items || items.some((item) => typeof item !== 'object' || item === null)) {
      throw stripeErrors.invalidValue(this.name(key), 'Invalid array');
    }
    return items.map((item, index) => new Params(item as Record<string, unknown>, `${this.name(key)}[${index}]`));
  }

  /** A list of strings (`lookup_keys[]`, `expand[]`). */
  strings(key: string): string[] | undefined {
    const value = this.values[key];
    if (value === undefined) return undefined;
    const items = Array.isArray(value) ? value : typeof value === 'object' && value !== null ? Object.values(value) : [value];
    if (items.some((item) => typeof item !== 'string')) throw stripeErrors.invalidValue(this.name(key), 'Invalid array');
    return items as string[];
  }

  /** Metadata as Stripe takes it: a key set to `''` is removed, and `metadata=''` removes every key. */
  metadata(key = 'metadata'): { readonly set: Metadata; readonly unset: readonly string[] } | 'clear' | undefined {
    const value = this.values[key];
    if (value === undefined) return undefined;
    if (value === '') return 'clear';
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw stripeErrors.invalidValue(this.name(key), 'Invalid hash');
    }
    const set: Metadata = {};
    const unset: string[] = [];
    for (const [name, item] of Object.entries(value)) {
      if (typeof item !== 'string') throw stripeErrors.invalidValue(`${this.name(key)}[${name}]`, 'Invalid string');
      if (name.length > 40) throw stripeErrors.invalidValue(`${this.name(key)}[${name}]`, 'Metadata keys can have up to 40 characters.');
      if (item.length > 500) throw stripeErrors.invalidValue(`${this.name(key)}[${name}]`, 'Metadata values can have up to 500 characters.');
      if (item === '') unset.push(name);
      else set[name] = item;
    }
    return { set, unset };
  }
}

/** Applies a metadata parameter to what an object already has. */
export function mergeMetadata(current: Readonly<Record<string, string | undefined>>, change: ReturnType<Params['metadata']>): Metadata {
  const next: Metadata = {};
  if (change === 'clear') return next;
  for (const [name, value] of Object.entries(current)) if (value !== undefined) next[name] = value;
  if (change === undefined) return next;
  Object.assign(next, change.set);
  for (const name of change.unset) delete next[name];
  return next;
}
