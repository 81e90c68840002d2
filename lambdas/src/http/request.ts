import type { z } from 'zod';
import { MESSAGES, type RouteSpec } from '@solutionz/shared';
import { ValidationError } from '../errors';
import type { ApiEvent } from './types';

type Section = 'params' | 'query' | 'body';

export interface ValidatedInput {
  params: unknown;
  query: unknown;
  body: unknown;
  /** The body as received, for a route that takes it unparsed (`rawBody`); empty otherwise. */
  rawBody: string;
}

/** The parts of a request the route's schemas read. */
type RequestParts = Pick<ApiEvent, 'pathParameters' | 'queryStringParameters' | 'body' | 'isBase64Encoded'>;

function rawTextBody(event: RequestParts): string {
  if (!event.body) return '';
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
}

function readJsonBody(event: RequestParts): unknown {
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
 * Request bodies are strict objects: a field the route does not take (another user's id, say) is
 * refused by name, never silently dropped. Parts a route declares no schema for are dropped.
 */
export function validateRequest(route: RouteSpec, event: RequestParts): ValidatedInput {
  const fields: Record<string, string> = {};
  if (route.rawBody && route.body) throw new Error(`${route.method} ${route.path} takes its body raw and cannot also have a body schema`);
  const check = (section: Section, schema: z.ZodType | undefined, value: unknown): unknown => {
    if (!schema) return undefined;
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      // A strict object names the fields it does not accept in one issue: each gets its own entry.
      const named =
        issue.code === 'unrecognized_keys' ? issue.keys.map((key) => ({ path: [...issue.path, key], message: MESSAGES.api.unknownField(key) })) : [issue];
      for (const { path, message } of named) {
        const key = [section, ...path.map(String)].join('.');
        fields[key] ??= message;
      }
    }
    return undefined;
  };
  const params = check('params', route.params, event.pathParameters ?? {});
  const query = check('query', route.query, event.queryStringParameters ?? {});
  const body = route.body ? check('body', route.body, readJsonBody(event)) : undefined;
  if (!route.body && !route.rawBody) {
    // A route that takes no body takes no fields either: whatever arrives is refused by name.
    const sent = readJsonBody(event);
    if (sent !== null && typeof sent === 'object') {
      for (const key of Object.keys(sent)) fields[`body.${key}`] ??= MESSAGES.api.unknownField(key);
    }
  }
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);
  return { params, query, body, rawBody: route.rawBody ? rawTextBody(event) : '' };
}
