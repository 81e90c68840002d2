import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';

/**
 * Puts the API's per-field messages (`body.<field>`) beside the form's own fields; returns whether
 * any landed, so the caller knows whether a form-level message is still needed.
 */
export function applyServerFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]): boolean {
  if (!(error instanceof ApiError)) return false;
  let applied = false;
  for (const field of fields) {
    const message = error.fieldMessage(field);
    if (!message) continue;
    setError(field, { type: 'server', message });
    applied = true;
  }
  return applied;
}
