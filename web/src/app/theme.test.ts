import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defaultSystem } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import { chakraUsages, sourceFiles, unstyledUses, type RecipeLookup } from '@/testing/chakra-recipes';
import { appSystem } from './theme';

const system = appSystem();

const webSrc = resolve(import.meta.dirname, '..');
const usages = chakraUsages(webSrc);

/**
 * Components the theme leaves without their recipe on purpose, and the only files that may use them:
 * these style every part themselves, so the recipe stays out of the entry chunk. Anywhere else the
 * component would be rendered bare.
 */
const STYLED_BY_THE_APP: Readonly<Record<string, readonly string[]>> = {
  Dialog: ['components/ui/app-dialog.tsx'],
  Progress: ['components/avatar/avatar-upload-dialog.tsx', 'entities/portfolio/components/editor-media.tsx', 'features/account/components/credential-form.tsx'],
};

/** Parts a component can render that the app never asks for (recipe keys by component), with the reason. */
const NEVER_RENDERED: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  InputGroup: { inputAddon: 'the app gives input groups a start or end element, never an addon' },
};

const exempt = ({ file, component, key }: { file: string; component: string; key: string }) =>
  (STYLED_BY_THE_APP[component]?.includes(file) ?? false) || NEVER_RENDERED[component]?.[key] !== undefined;

const withoutSlotRecipe = (removed: string): RecipeLookup => ({
  isRecipe: (key) => system.isRecipe(key),
  isSlotRecipe: (key) => key !== removed && system.isSlotRecipe(key),
});

describe('the Chakra theme', () => {
  it('reads the recipes the web can render from its imports', () => {
    const breadcrumb = usages.filter((usage) => usage.component === 'Breadcrumb');
    expect(breadcrumb.map((usage) => usage.file)).toEqual(['components/ui/breadcrumbs.tsx']);
    expect(breadcrumb[0]!.keys).toContain('breadcrumb');
    // Through the modules it imports: a button shows a spinner while loading.
    expect(usages.find((usage) => usage.component === 'Button')!.keys).toEqual(expect.arrayContaining(['button', 'spinner']));
    expect(usages.find((usage) => usage.component === 'Box')!.keys).toEqual([]);
  });

  it('has the recipe of every Chakra component the web renders, except where the app styles it itself', () => {
    expect(unstyledUses(usages, system, defaultSystem).filter((use) => !exempt(use))).toEqual([]);
  });

  it('would fail if a recipe the web renders were taken out of it', () => {
    expect(unstyledUses(usages, withoutSlotRecipe('breadcrumb'), defaultSystem).filter((use) => !exempt(use))).toEqual([
      { file: 'components/ui/breadcrumbs.tsx', component: 'Breadcrumb', key: 'breadcrumb' },
    ]);
  });

  it('keeps the exemptions true: the wrappers still use their component, no input group has an addon', () => {
    for (const [component, files] of Object.entries(STYLED_BY_THE_APP)) {
      const users = usages.filter((usage) => usage.component === component).map((usage) => usage.file);
      expect(users.sort(), component).toEqual([...files].sort());
      expect(
        usages.find((usage) => usage.component === component)!.keys.some((key) => !system.isRecipe(key) && !system.isSlotRecipe(key)),
        component,
      ).toBe(true);
    }
    for (const { file } of usages.filter((usage) => usage.component === 'InputGroup')) {
      expect(readFileSync(resolve(webSrc, file), 'utf8'), file).not.toMatch(/\b(start|end)Addon\b/);
    }
  });

  it('builds only the light colours: the site has no dark mode, and each semantic colour keeps its light value', () => {
    const tokenCss = JSON.stringify(system.getTokenCss());
    expect(tokenCss).not.toContain('dark');
    expect(tokenCss).toContain('"--chakra-colors-bg":"var(--chakra-colors-white)"');
    expect(tokenCss).toContain('"--chakra-colors-fg":"var(--chakra-colors-black)"');
    expect(tokenCss).toContain('"--chakra-colors-brand-solid":"var(--chakra-colors-brand-700)"');
  });

  it('declares no custom property on every element, and the variables every element reads once on the root', () => {
    const base = (system.getGlobalCss() as Record<string, Record<string, object>>)['@layer base']!;
    // Chakra writes its global selectors nested (`&*`, `&html`).
    const rule = (selector: string) => Object.entries(base).filter(([nested]) => nested.replace('&', '') === selector);
    const everyElement = rule('*');
    expect(everyElement.length).toBeGreaterThan(0);
    for (const [selector, styles] of everyElement)
      expect(
        Object.keys(styles as object).filter((name) => name.startsWith('--')),
        selector,
      ).toEqual([]);
    const root = rule('html').flatMap(([, styles]) => Object.keys(styles));
    expect(root).toEqual(expect.arrayContaining(['--global-font-body', '--global-font-mono', '--global-color-border']));
  });

  it('renders nothing with the utilities whose starting values are left out (ring, filter: auto, backdropFilter: auto)', () => {
    const utilities =
      /(?<![\w-])(?:ring|ringColor|ringOffset|ringOffsetColor|ringInset|blur|brightness|contrast|grayscale|hueRotate|invert|saturate|sepia|dropShadow|backdropBlur|backdropBrightness|backdropContrast|backdropGrayscale|backdropHueRotate|backdropInvert|backdropOpacity|backdropSaturate|backdropSepia)\s*[=:]\s*['"{\d]|(?<![\w-])(?:filter|backdropFilter)\s*[=:]\s*(?:\{\s*)?['"]auto/;
    const found = sourceFiles(webSrc)
      .filter((file) => !file.endsWith('app/theme.ts'))
      .filter((file) => utilities.test(readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
    expect(utilities.test('<Box ringColor="red.500" />') && utilities.test("css={{ filter: 'auto', blur: '2px' }}")).toBe(true);
  });

  it('carries no recipe that no component of the web can render (each one is in the entry chunk)', () => {
    const rendered = new Set(usages.flatMap((usage) => usage.keys));
    const { recipes = {}, slotRecipes = {} } = system._config.theme ?? {};
    expect([...Object.keys(recipes), ...Object.keys(slotRecipes)].filter((key) => !rendered.has(key))).toEqual([]);
  });
});
