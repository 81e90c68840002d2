import type { z } from 'zod';
import { MESSAGES, type RouteSpec } from '@solutionz/shared';
import { ValidationError } from '../errors';
import type { ApiEvent } from './types';

type Section = 'params' | 'query' | 'body';

export interface ValidatedInput {
  params: unknown;
  query: unknown;
  body: unknown;
}

function readJsonBody(event: ApiEvent): unknown {
  if (event.body === undefined || event.body === null || event.body === '') return undefined;
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ValidationError({}, MESSAGES.api.malformedJson);
  }
}

/**
 * Validates params, query and body with the route's schemas, collecting every problem into one
 * 400 whose `fields` are keyed `body.email`, `query.radius`, ... with the schemas' own messages.
 * Parts a route declares no schema for are dropped, so unexpected input never reaches a service.
 */
export function validateRequest(route: RouteSpec, event: ApiEvent): ValidatedInput {
  const fields: Record<string, string> = {};
  const check = (section: Section, schema: z.ZodType | undefined, value: unknown): unknown => {
    if (!schema) return undefined;
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      const key = [section, ...issue.path.map(String)].join('.');
      fields[key] ??= issue.message;
    }
    return undefined;
  };
  const params = check('params', route.params, event.pathParameters ?? {});
  const query = check('query', route.query, event.queryStringParameters ?? {});
  const body = route.body ? check('body', route.body, readJsonBody(event)) : undefined;
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);
  return { params, query, body };
}
