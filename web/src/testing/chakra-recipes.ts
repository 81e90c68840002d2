import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * Which of Chakra's recipes the web's components can render, read from the sources: the web's imports
 * from '@chakra-ui/react', and for each imported name the recipe keys (`createRecipeContext({ key })` and
 * its kin) in the Chakra module that defines it and in every Chakra module that one imports (a button
 * renders a spinner while loading, a close button is an icon button); where the web calls one of those
 * itself, the keys it names there. That over-counts a little (a part
 * the app never asks for still counts) and never misses one.
 */

/** The calls through which a Chakra component names the recipe it takes from the theme. */
const RECIPE_CALLS = new Set(['createRecipeContext', 'createSlotRecipeContext', 'useRecipe', 'useSlotRecipe']);
const CHAKRA = '@chakra-ui/react';

export interface ChakraUsage {
  /** Relative to web/src. */
  readonly file: string;
  /** The name imported from '@chakra-ui/react' (`Breadcrumb`, `Button`). */
  readonly component: string;
  /** Every recipe key the component can ask the theme for. */
  readonly keys: readonly string[];
}

/** Both questions a Chakra system answers about a key; the app's system and Chakra's default one have them. */
export interface RecipeLookup {
  isRecipe(key: string): boolean;
  isSlotRecipe(key: string): boolean;
}

export interface UnstyledUse {
  readonly file: string;
  readonly component: string;
  readonly key: string;
}

const parse = (file: string) =>
  ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);

const moduleName = (node: ts.Node | undefined) => (node && ts.isStringLiteral(node) ? node.text : undefined);

/** Where each name of Chakra's ESM entry is defined: a file of Chakra's own, or undefined for one it passes on from Ark UI. */
function chakraExports(): Map<string, string | undefined> {
  const entry = join(dirname(createRequire(import.meta.url).resolve(`${CHAKRA}/package.json`)), 'dist/esm/index.js');
  const source = parse(entry);
  const at = (specifier: string) => (specifier.startsWith('.') ? resolve(dirname(entry), specifier) : undefined);
  const namespaces = new Map<string, string | undefined>();
  const exports = new Map<string, string | undefined>();
  for (const statement of source.statements) {
    const specifier = moduleName(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement) ? statement.moduleSpecifier : undefined);
    if (ts.isImportDeclaration(statement) && specifier) {
      const bindings = statement.importClause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) namespaces.set(bindings.name.text, at(specifier));
    }
    if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      for (const element of statement.exportClause.elements) {
        const local = (element.propertyName ?? element.name).getText(source);
        exports.set(element.name.getText(source), specifier ? at(specifier) : namespaces.get(local));
      }
    }
  }
  return exports;
}

/** The recipe keys named in `file` and (with `follow`) in every module of Chakra's it imports, however deep. */
function recipeKeysFrom(file: string, seen = new Set<string>(), follow = true): Set<string> {
  const keys = new Set<string>();
  if (seen.has(file)) return keys;
  seen.add(file);
  const source = parse(file);
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && RECIPE_CALLS.has(node.expression.text)) {
      const [options] = node.arguments;
      const key =
        options && ts.isObjectLiteralExpression(options) ? options.properties.find((property) => property.name?.getText(source) === 'key') : undefined;
      if (key && ts.isPropertyAssignment(key) && ts.isStringLiteral(key.initializer)) keys.add(key.initializer.text);
    }
    const specifier = moduleName(ts.isImportDeclaration(node) || ts.isExportDeclaration(node) ? node.moduleSpecifier : undefined);
    if (follow && specifier?.startsWith('.')) for (const key of recipeKeysFrom(resolve(dirname(file), specifier), seen)) keys.add(key);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return keys;
}

/** The app's TypeScript files under `dir` (web/src): without its tests and the testing helpers. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every Chakra value the app's code (web/src without its tests) imports, with the recipe keys it can render. */
export function chakraUsages(webSrc: string): ChakraUsage[] {
  const exports = chakraExports();
  const keysOf = new Map<string, readonly string[]>();
  const keysFor = (component: string, file: string): readonly string[] => {
    if (!exports.has(component)) throw new Error(`${file} imports ${component}, which is not in ${CHAKRA}'s ESM entry`);
    const defined = exports.get(component);
    if (!keysOf.has(component)) keysOf.set(component, defined ? [...recipeKeysFrom(defined)].sort() : []);
    return keysOf.get(component)!;
  };
  return sourceFiles(webSrc).flatMap((path) => {
    const file = relative(webSrc, path);
    return parse(path).statements.flatMap((statement) => {
      if (!ts.isImportDeclaration(statement) || moduleName(statement.moduleSpecifier) !== CHAKRA) return [];
      const clause = statement.importClause;
      const bindings = clause?.namedBindings;
      if (!clause || clause.isTypeOnly || !bindings) return [];
      if (!ts.isNamedImports(bindings)) throw new Error(`${file} imports all of ${CHAKRA}: import the components by name`);
      return bindings.elements
        .filter((element) => !element.isTypeOnly)
        .map((element) => {
          const component = (element.propertyName ?? element.name).text;
          // A part of the app's own built on a recipe (`createSlotRecipeContext({ key: 'avatar' })`) uses the keys it names.
          if (RECIPE_CALLS.has(component)) return { file, component, keys: [...recipeKeysFrom(path, new Set(), false)].sort() };
          return { file, component, keys: keysFor(component, file) };
        });
    });
  });
}

const hasRecipe = (system: RecipeLookup, key: string) => system.isRecipe(key) || system.isSlotRecipe(key);

/** Each use of a component whose recipe Chakra's own theme has and the app's theme does not: rendered unstyled. */
export function unstyledUses(usages: readonly ChakraUsage[], theme: RecipeLookup, chakraDefault: RecipeLookup): UnstyledUse[] {
  return usages.flatMap(({ file, component, keys }) =>
    keys.filter((key) => hasRecipe(chakraDefault, key) && !hasRecipe(theme, key)).map((key) => ({ file, component, key })),
  );
}
