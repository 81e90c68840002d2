import { z } from 'zod';

/** Where a request body takes free text: object keys from the top, `[]` standing for an array's element. */
export type TextFieldPath = readonly string[];

interface JsonSchemaNode {
  readonly type?: string | readonly string[];
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly properties?: Readonly<Record<string, JsonSchemaNode>>;
  readonly items?: JsonSchemaNode;
  readonly anyOf?: readonly JsonSchemaNode[];
  readonly oneOf?: readonly JsonSchemaNode[];
  readonly allOf?: readonly JsonSchemaNode[];
}

function textPaths(node: JsonSchemaNode, at: readonly string[]): TextFieldPath[] {
  const alternatives = [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])];
  const paths = alternatives.flatMap((alternative) => textPaths(alternative, at));
  const types = [node.type ?? []].flat();
  if (types.includes('string') && node.enum === undefined && node.const === undefined) paths.push(at);
  if (types.includes('object')) paths.push(...Object.entries(node.properties ?? {}).flatMap(([key, value]) => textPaths(value, [...at, key])));
  if (types.includes('array') && node.items) paths.push(...textPaths(node.items, [...at, '[]']));
  const seen = new Set<string>();
  return paths.filter((path) => !seen.has(path.join('.')) && seen.add(path.join('.')));
}

/**
 * Every place a body schema takes free text (enums and literals aside), read from its JSON Schema as a client
 * would send it: what the tests of over-long and hostile input send to each route.
 */
export function textFieldsOf(schema: z.ZodType): TextFieldPath[] {
  return textPaths(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchemaNode, []);
}

/** A body with `value` at `path` and nothing else (an array holding it where the path says `[]`). */
export function bodyWithTextAt(path: TextFieldPath, value: string): unknown {
  return path.reduceRight<unknown>((inner, key) => (key === '[]' ? [inner] : { [key]: inner }), value);
}
