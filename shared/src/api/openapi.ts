import { z } from 'zod';
import { apiErrorBodySchema } from './errors';
import type { RouteSpec } from './route-types';

/** An OpenAPI 3.1 document generated from the route table, so the document cannot drift from the API. */
export function buildOpenApiDocument(routes: readonly (RouteSpec & { name: string })[], info: { title: string; version: string }) {
  const errorResponse = { description: 'Error', content: { 'application/json': { schema: z.toJSONSchema(apiErrorBodySchema) } } };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const parameters = [...objectParameters(route.params, 'path'), ...objectParameters(route.query, 'query')];
    const operation = {
      operationId: route.name,
      summary: route.summary,
      tags: [route.area],
      'x-access': route.access,
      ...(route.confirmedEmail ? { 'x-confirmed-email': true } : {}),
      ...(route.access === 'public' ? {} : { security: [{ cognito: [] }] }),
      ...(parameters.length ? { parameters } : {}),
      ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: toSchema(route.body, 'input') } } } } : {}),
      responses: {
        [String(route.successStatus ?? 200)]: route.binaryResponse
          ? { description: 'The file', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } }
          : { description: 'Success', content: { 'application/json': { schema: toSchema(route.response, 'output') } } },
        default: errorResponse,
      },
    };
    paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info,
    paths,
    components: { securitySchemes: { cognito: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
  };
}

function toSchema(schema: z.ZodType, io: 'input' | 'output') {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any' });
}

function objectParameters(schema: z.ZodObject<z.ZodRawShape> | undefined, location: 'path' | 'query') {
  if (!schema) return [];
  return Object.entries(schema.shape).map(([name, field]) => ({
    name,
    in: location,
    required: location === 'path' || !(field as z.ZodType).safeParse(undefined).success,
    schema: toSchema(field as z.ZodType, 'input'),
  }));
}
