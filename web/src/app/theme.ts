import { createSystem, defaultBaseConfig, defineConfig, type SystemContext } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  breadcrumbSlotRecipe,
  breakpoints,
  buttonRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  semanticTokens,
  skeletonRecipe,
  skipNavLinkRecipe,
  spinnerRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

/**
 * Palettes the product uses (neutral, status colours and blue) plus the brand one below. Building
 * the token set is most of the system's start-up cost, which runs before the first paint on a
 * phone; the decorative palettes (teal, cyan, purple, pink) are left out to keep it short.
 */
const dropped = new Set(['teal', 'cyan', 'purple', 'pink']);
const keep = <T extends object>(palettes: T): T => Object.fromEntries(Object.entries(palettes).filter(([name]) => !dropped.has(name))) as T;

/**
 * The site has no dark mode (Chakra's `_dark` applies under a `.dark` class nothing sets), so each semantic
 * token keeps its light value only: the system is built in about 40% less time (about 64 ms down to 39 ms
 * in Node here), and the variables written into every page's styles are a quarter fewer.
 */
function lightOnly<T>(node: T): T {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return node;
  const { value } = node as { value?: unknown };
  if (value && typeof value === 'object' && '_light' in value) return { ...node, value: (value as { _light: unknown })._light };
  return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, lightOnly(child)])) as T;
}

/**
 * Chakra's global styles, less the custom properties its `*` rule declares on every element: the starting values of
 * the `ring*`, `filter: auto` and `backdropFilter: auto` utilities (`--ring-color`, `--brightness`, `--backdrop-blur` and
 * 20 more), which the app never uses (theme.test.ts checks). Declared on every element, they were the larger part of
 * the browser's style work on a public page (at 4x CPU slowdown with scripts off: directory 268 to 169 ms, home 148
 * to 65 ms), all before the first paint. The font and border variables (`--global-*`) the preflight reads on every
 * element are declared once on the root instead, and every element inherits them.
 */
const everyElementCss = Object.entries((globalCss as Record<string, Record<string, unknown>>)['*'] ?? {});
const everyElement = Object.fromEntries(everyElementCss.filter(([name]) => !name.startsWith('--')));
const onRoot = Object.fromEntries(everyElementCss.filter(([name]) => name.startsWith('--global-')));
/** Chakra's global styles in their order, with the `*` rule's custom properties left out or moved to `html`. */
const appGlobalCss = Object.fromEntries(
  Object.entries(globalCss as Record<string, Record<string, unknown>>).map(([selector, styles]) => [
    selector,
    selector === '*' ? everyElement : selector === 'html' ? { ...styles, ...onRoot } : styles,
  ]),
) as typeof globalCss;

/**
 * Chakra's default theme with only the recipes the app renders: every recipe is part of the entry
 * chunk, and the full set of ~80 costs about 15 KB gzip of the 180 KB budget. A Chakra component
 * whose recipe is not listed here renders unstyled: add its recipe from '@chakra-ui/react/theme'
 * when a screen starts using it (the `key` in the component's source names it), or style it in one
 * wrapper of the app's own (AppDialog, ToggleSwitch). theme.test.ts reads the web's imports and
 * fails on any other Chakra component whose recipe is missing, and on a recipe nothing renders.
 */
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss: appGlobalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors: keep(tokens.colors) },
    semanticTokens: lightOnly({ ...semanticTokens, colors: keep(semanticTokens.colors) }),
    recipes: {
      button: buttonRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      link: linkRecipe,
      skeleton: skeletonRecipe,
      skipNavLink: skipNavLinkRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    textStyles,
    layerStyles,
    animationStyles,
    slotRecipes: {
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      breadcrumb: breadcrumbSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      list: listSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      tabs: tabsSlotRecipe,
      toast: toastSlotRecipe,
    },
  },
});

/**
 * The brand palette. The brand solid (#1d4ed8 family) keeps white
 * text above 4.5:1 contrast, and `colorPalette: 'brand'` makes it the default for every recipe.
 */
const config = defineConfig({
  globalCss: {
    html: { colorPalette: 'brand' },
    body: { bg: 'bg', color: 'fg' },
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
        body: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
      },
      colors: {
        brand: {
          50: { value: '#eff5ff' },
          100: { value: '#dbe7fe' },
          200: { value: '#bfd5fe' },
          300: { value: '#93b8fd' },
          400: { value: '#6093fa' },
          500: { value: '#3b6ff6' },
          600: { value: '#2552eb' },
          700: { value: '#1d40d8' },
          800: { value: '#1e35af' },
          900: { value: '#1e328a' },
          950: { value: '#172154' },
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: '{colors.brand.700}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.800}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.600}' },
        },
      },
    },
  },
});

/** The app's Chakra system, as it generates the styles every page shares (entry-server.tsx renderSharedStyles). */
export const createAppSystem = () => createSystem(defaultBaseConfig, chakraTheme, config);

let built: SystemContext | undefined;

/**
 * The app's Chakra system, built on first use rather than as the entry is evaluated: building it is about a third of
 * the start-up work on a phone, and main.tsx builds it in a task of its own, so the browser's first long task is two
 * shorter ones.
 */
export function appSystem(): SystemContext {
  if (!built) {
    built = createAppSystem();
    // A production page has the shared styles in its head from the build (web/vite.config.ts prerenderPages), so the
    // provider generates none, and the system does not work them out (chakraSharedStylesOnDemand). In development and
    // tests it generates them as Chakra does.
    if (import.meta.env.PROD) built._global = [];
  }
  return built;
}
