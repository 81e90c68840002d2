/**
 * The size limits of the code outside tests: no source file over 500 lines and no function over 150, every line
 * counted (blank lines and comments too). `npm run lint:size` lists what is over them.
 *
 * A factory that only returns an object of methods counts by its methods: ESLint's own max-lines-per-function would
 * count such a factory whole, which is a module's worth of methods sharing their dependencies. So this rule
 * (`size/max-lines-per-function`) counts every function as the built-in one does, except a factory: a function whose
 * body is declarations only (its clients, constants and helper functions: `const`, `let`, `function`) and ends in
 * `return { ... }` or in returning a `const` declared as such an object (or an arrow whose body is the object). Its
 * methods (the object's function-valued properties) and its helper functions (the functions it declares) are counted
 * each on their own as any function is; the factory counts the lines outside them, which must be within the limit too.
 */

export const MAX_FILE_LINES = 500;
export const MAX_FUNCTION_LINES = 150;

const FUNCTION_TYPES = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

/** @param {{ loc: { start: { line: number }, end: { line: number } } }} node */
const linesOf = (node) => node.loc.end.line - node.loc.start.line + 1;

/** The node whose lines a function spans: a method's or accessor's whole property, as ESLint's rule counts it. */
function spanOf(fn) {
  const parent = fn.parent;
  if (
    parent &&
    parent.value === fn &&
    (parent.type === 'MethodDefinition' || (parent.type === 'Property' && (parent.method || parent.kind === 'get' || parent.kind === 'set')))
  ) {
    return parent;
  }
  return fn;
}

/** The expression under TypeScript's `as`, `satisfies` and `!`. */
function unwrapped(expression) {
  let node = expression;
  while (node && (node.type === 'TSAsExpression' || node.type === 'TSSatisfiesExpression' || node.type === 'TSNonNullExpression')) node = node.expression;
  return node;
}

/** The object a factory returns (itself, or the `const` it was put in), or undefined when `fn` is no factory (see above). */
function returnedObject(fn) {
  if (fn.body.type !== 'BlockStatement') {
    const body = unwrapped(fn.body);
    return body?.type === 'ObjectExpression' ? body : undefined;
  }
  const statements = fn.body.body;
  const last = statements.at(-1);
  if (last?.type !== 'ReturnStatement' || !last.argument) return undefined;
  const declarationsOnly = statements.slice(0, -1).every((statement) => statement.type === 'VariableDeclaration' || statement.type === 'FunctionDeclaration');
  if (!declarationsOnly) return undefined;
  const returned = unwrapped(last.argument);
  if (returned?.type === 'ObjectExpression') return returned;
  if (returned?.type !== 'Identifier') return undefined;
  const declarator = statements
    .flatMap((statement) => (statement.type === 'VariableDeclaration' && statement.kind === 'const' ? statement.declarations : []))
    .find((candidate) => candidate.id.type === 'Identifier' && candidate.id.name === returned.name);
  const object = declarator?.init && unwrapped(declarator.init);
  return object?.type === 'ObjectExpression' ? object : undefined;
}

/** A factory's own lines: all of them but its methods' and its helper functions'. */
function ownLinesOfFactory(fn, object) {
  const isFunction = (node) => FUNCTION_TYPES.has(unwrapped(node)?.type);
  const methods = object.properties.filter((property) => property.type === 'Property' && isFunction(property.value));
  const statements = fn.body.type === 'BlockStatement' ? fn.body.body : [];
  const helpers = statements.flatMap((statement) =>
    statement.type === 'FunctionDeclaration'
      ? [statement]
      : statement.type === 'VariableDeclaration'
        ? statement.declarations.filter((declarator) => declarator.init && isFunction(declarator.init))
        : [],
  );
  return linesOf(spanOf(fn)) - [...methods, ...helpers].reduce((sum, node) => sum + linesOf(node), 0);
}

/** How a message names the function: `function 'x'`, `method 'x'`, or `function` when it has no name. */
function nameOf(fn) {
  const parent = fn.parent;
  const key = (node) => (node?.type === 'Identifier' ? node.name : node?.type === 'Literal' ? String(node.value) : undefined);
  const named =
    fn.id?.name ??
    (parent?.type === 'VariableDeclarator' ? key(parent.id) : undefined) ??
    (parent?.type === 'MethodDefinition' || parent?.type === 'Property' || parent?.type === 'PropertyDefinition' ? key(parent.key) : undefined);
  if (parent?.type === 'MethodDefinition' && parent.kind === 'constructor') return 'Constructor';
  const kind = parent?.type === 'MethodDefinition' || (parent?.type === 'Property' && parent.method) ? 'Method' : 'Function';
  return named ? `${kind} '${named}'` : kind;
}

/** @type {import('eslint').Rule.RuleModule} */
const maxLinesPerFunction = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Enforce a maximum number of lines per function, a factory of methods counted by its methods' },
    schema: [{ type: 'object', properties: { max: { type: 'integer', minimum: 1 } }, additionalProperties: false }],
    messages: {
      exceed: '{{name}} has too many lines ({{lineCount}}). Maximum allowed is {{max}}.',
      factoryExceeds: '{{name}} has too many lines outside the methods it returns ({{lineCount}}). Maximum allowed is {{max}}.',
    },
  },
  create(context) {
    const max = context.options[0]?.max ?? MAX_FUNCTION_LINES;
    /** @param {any} fn */
    const check = (fn) => {
      const span = spanOf(fn);
      const lineCount = linesOf(span);
      if (lineCount <= max) return;
      const object = returnedObject(fn);
      if (!object) {
        context.report({ node: span, messageId: 'exceed', data: { name: nameOf(fn), lineCount, max } });
        return;
      }
      const own = ownLinesOfFactory(fn, object);
      if (own > max) context.report({ node: span, messageId: 'factoryExceeds', data: { name: nameOf(fn), lineCount: own, max } });
    };
    return { FunctionDeclaration: check, FunctionExpression: check, ArrowFunctionExpression: check };
  },
};

/** The plugin the ESLint config registers as `size`. */
export const sizePlugin = { meta: { name: 'size' }, rules: { 'max-lines-per-function': maxLinesPerFunction } };

/** The config block: every workspace's code, its tests left out. */
export const sizeLimits = {
  files: ['**/*.{js,mjs,cjs,ts,tsx}'],
  ignores: ['**/*.test.{ts,tsx}', '**/*.spec.ts'],
  plugins: { size: sizePlugin },
  rules: {
    'max-lines': ['error', { max: MAX_FILE_LINES, skipBlankLines: false, skipComments: false }],
    'size/max-lines-per-function': ['error', { max: MAX_FUNCTION_LINES }],
  },
};
