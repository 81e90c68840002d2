/// <reference types="vitest/config" />
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { IncomingMessage, ServerResponse } from 'node:http';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin, type ResolvedConfig } from 'vite';
// Relative source imports, not '@solutionz/shared': Vite bundles relative files into the config but
// hands package imports to Node, which cannot load the package's TypeScript entry.
import { AUTH_PAGE_TITLES } from '../shared/src/auth-pages.ts';
import { ACCESSIBILITY_PAGE_TITLE, BUSINESS_PAGE_TITLE, HOME_TITLE, PRODUCT_NAME } from '../shared/src/constants.ts';
import { BOOT_CHAIN, escapeHtml, fillAppShell, PRERENDERED_PAGES, RENDERER_ENTRY_FILE, rendererDirOf } from '../shared/src/prerendered-pages.ts';
import { webConfigSchema } from '../shared/src/web-config.ts';
import type * as EntryServer from './src/entry-server.tsx';

type Renderer = Pick<typeof EntryServer, 'renderPage' | 'renderSharedStyles'>;

const apiOrigin = process.env.SOLUTIONZ_API_ORIGIN ?? 'http://127.0.0.1:3001';
// The headers CloudFront adds on the way to the API (the origin header the functions check), from the local launcher.
const apiHeaders = JSON.parse(process.env.SOLUTIONZ_API_HEADERS ?? '{}') as Record<string, string>;
const proxy = { '/api': { target: apiOrigin, changeOrigin: false, headers: apiHeaders } };

type Next = (error?: unknown) => void;

/**
 * Serves `GET /config.json` from the file the launcher (or the bench script) writes, so the dev and
 * preview servers hand the browser the same runtime config a deployment would (docs/architecture.md#web).
 */
function runtimeConfig(): Plugin {
  const serve = async (req: IncomingMessage, res: ServerResponse, next: Next) => {
    if (req.url?.split('?')[0] !== '/config.json') return next();
    const send = (status: number, body: string) => {
      res.statusCode = status;
      res.setHeader('Content-Type', status === 200 ? 'application/json' : 'text/plain; charset=utf-8');
      res.setHeader('Cache-Control', 'no-store');
      res.end(body);
    };
    const file = process.env.SOLUTIONZ_WEB_CONFIG_FILE;
    if (!file) return send(404, 'No runtime config: set SOLUTIONZ_WEB_CONFIG_FILE to a JSON file (npm start writes .local/web-config.json).');
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch {
      return send(404, `No runtime config: ${file} (from SOLUTIONZ_WEB_CONFIG_FILE) cannot be read.`);
    }
    const parsed = webConfigSchema.safeParse(JSON.parse(text));
    if (!parsed.success) return send(500, `Invalid runtime config in ${file}: ${parsed.error.message}`);
    send(200, JSON.stringify(parsed.data));
  };
  return {
    name: 'solutionz-runtime-config',
    configureServer(server) {
      server.middlewares.use((req, res, next) => void serve(req, res, next).catch(next));
    },
    configurePreviewServer(server) {
      server.middlewares.use((req, res, next) => void serve(req, res, next).catch(next));
    },
  };
}

/** The static HTML carries the home title and product name from shared, so a first paint is already right. */
function htmlConstants(): Plugin {
  return {
    name: 'solutionz-html-constants',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => html.replaceAll('%HOME_TITLE%', HOME_TITLE).replaceAll('%PRODUCT_NAME%', PRODUCT_NAME),
    },
  };
}

const CHAKRA_SYSTEM_MODULE = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/](?:esm|cjs)[\\/]styled-system[\\/]system\.c?js$/;
const EAGER_SHARED_STYLES = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';

/**
 * Chakra's `createSystem` works out the styles every page shares (the reset, the global styles and a CSS
 * variable for every token) as it builds the system, a third of its time, which runs before the first paint.
 * A production page has them in its head already (prerenderPages writes them into index.html), so this makes
 * the system's `_global` work them out when first read, and settable (theme.ts sets it empty then). The build
 * fails if Chakra's code no longer reads as expected.
 */
function chakraSharedStylesOnDemand(): Plugin {
  return {
    name: 'solutionz-chakra-shared-styles-on-demand',
    transform(code, id) {
      if (!CHAKRA_SYSTEM_MODULE.test(id)) return undefined;
      if (!code.includes(EAGER_SHARED_STYLES) || !/^[ \t]+_global,$/m.test(code)) {
        throw new Error(`${id}: Chakra's createSystem changed; update chakraSharedStylesOnDemand in web/vite.config.ts`);
      }
      return code
        .replace(EAGER_SHARED_STYLES, 'let _global;')
        .replace(
          /^([ \t]+)_global,$/m,
          '$1get _global() { return (_global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]); },\n$1set _global(styles) { _global = styles; },',
        );
    },
  };
}

/** Zag's, Ark's and Chakra's modules that build component anatomies, and Chakra's theme recipes, which read them. */
const ANATOMY_MODULE =
  /[\\/]node_modules[\\/](?:(?:@zag-js[\\/][^\\/]+[\\/]dist|@ark-ui[\\/]react[\\/]dist[\\/]components[\\/][^\\/]+)[\\/][^\\/]+\.anatomy\.m?js|@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/](?:anatomy\.js|theme[\\/]recipes[\\/][^\\/]+\.js))$/;
/**
 * A module's top-level `var x = …` of an anatomy made or derived, or of a recipe defined: calls of no side effect
 * (the recipe helpers answer what they are given), by name, so no other call there is ever taken for one.
 */
const TOP_LEVEL_CALL =
  /^((?:var|const) [\w$]+ = )(?=(?:createAnatomy|defineSlotRecipe|defineRecipe|defineStyle|[\w$]+\.(?:parts|extendWith|omit|rename|build))\()/gm;
/** A recipe's `slots: fooAnatomy.keys()`. */
const ANATOMY_KEYS = /\b([\w$]+Anatomy)\.keys\(\)/g;

/**
 * Component anatomies are built where they are declared, at the top of their modules (Zag's, Ark's, Chakra's), and
 * Chakra's theme defines all of its ~75 recipes the same way, each reading its anatomy: the bundler kept every one of
 * those calls, and every anatomy (about 40 components'), although the app uses a dozen. Marked pure, the ones
 * nothing reads are left out, and so is the time building them took as the first page's code was evaluated.
 */
function pureAnatomies(): Plugin {
  return {
    name: 'solutionz-pure-anatomies',
    transform(code, id) {
      if (!ANATOMY_MODULE.test(id)) return undefined;
      return { code: code.replace(TOP_LEVEL_CALL, '$1/* @__PURE__ */ ').replace(ANATOMY_KEYS, '/* @__PURE__ */ $1.keys()'), map: null };
    },
  };
}

/** The browser's entry: main.tsx, the boot chain. */
const BROWSER_ENTRY = fileURLToPath(new URL('./src/main.tsx', import.meta.url));

/**
 * The steps of main.tsx's boot chain, each its own input so the modules it needs at once are the build's
 * `$initial` ones: React DOM, then the UI libraries with the theme, then the app (src/boot.tsx).
 */
const BOOT_STEPS = {
  'boot-react': 'react-dom/client',
  'boot-ui': fileURLToPath(new URL('./src/app/theme.ts', import.meta.url)),
  'boot-app': fileURLToPath(new URL('./src/boot.tsx', import.meta.url)),
};

/**
 * The chunks of what the first page runs, one per boot step, so each is evaluated in a task of its own. A group takes
 * the modules it matches with their imports, except those a group before it took.
 */
const BOOT_CHUNK_GROUPS = [
  // Vite's preload helper, which main.tsx runs and every step imports, and the server-rendered pages' constants main.tsx reads
  // (BOOT_CHAIN; the app reads the others): a file of their own, or main.tsx would import (and evaluate) the step
  // holding them.
  {
    name: 'preload-helper',
    test: (id: string) => /^\0vite[\\/]preload-helper/.test(id) || id.replaceAll('\\', '/').endsWith('/shared/src/prerendered-pages.ts'),
  },
  { name: 'boot-react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'boot-ui', test: (id: string) => /[\\/]node_modules[\\/]/.test(id) || id === BOOT_STEPS['boot-ui'] },
  // Not the page's entry (main.tsx, with Vite's preload helper it uses): it is the chain, and evaluating it must
  // evaluate none of the steps.
  { name: 'boot-app', test: (id: string) => id !== BROWSER_ENTRY && !id.endsWith('.html') && !id.startsWith('\0') },
].map((group, index, groups) => ({ ...group, tags: ['$initial' as const], priority: 1 + groups.length - index }));

/** A test for modules by the end of their path: files of the web or shared (`web/src/lib/api-client.ts`) or of a library. */
const endingIn =
  (...paths: string[]) =>
  (id: string) => {
    const path = id.replaceAll('\\', '/');
    return paths.some((end) => path.endsWith(`/${end}`));
  };

/**
 * The lazy screens' shared parts, in a few files rather than the bundler's one per set of screens sharing them: a page a
 * visitor lands on (the directory, a provider's page, the categories, the job board, sign-up) would load 30 to 40 files,
 * most under 1 KB compressed, each with some 430 bytes of headers and a compression of its own (the budget is at most
 * 200 KB of JavaScript transferred per page: docs/benchmarks.md#web-pages). A group takes the modules it names with their imports, except those a
 * group before it took, so each names what all of its pages use, and none may reach what the home page loads
 * (its parts below the fold share the footer's and the ratings' groups only).
 */
const SCREEN_CHUNK_GROUPS = [
  // The footer every page renders below the fold, with its icons and grid (the home page's other parts use them too).
  {
    name: 'site-footer',
    test: (id: string) =>
      endingIn('web/src/components/layout/site-footer.tsx', 'web/src/config/site.ts')(id) ||
      /node_modules[\\/](?:react-icons[\\/]fa6|@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]components[\\/](?:simple-grid|grid|icon)[\\/])/.test(id),
  },
  // A provider's stars and the card links around them: the home page's featured providers and the directory's cards.
  {
    name: 'star-rating',
    test: (id: string) =>
      endingIn('web/src/components/ui/star-rating.tsx')(id) || /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]components[\\/]link[\\/]link-box/.test(id),
  },
  // What every one of those screens runs to read the API: TanStack Query (query, observers, mutations), the API client
  // and its config, the query client, the categories' read, the failure toast, and Chakra's Alert, Field and Wrap (most of them render one).
  {
    name: 'screen-base',
    test: (id: string) =>
      /node_modules[\\/](?:@tanstack[\\/]|@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]components[\\/](?:alert|field|wrap)[\\/])/.test(id) ||
      endingIn(
        'web/src/lib/api-client.ts',
        'web/src/lib/runtime-config.ts',
        'web/src/components/ui/failure-toast.ts',
        'web/src/app/query-client.ts',
        'web/src/entities/categories/api/categories.ts',
        'shared/src/api/route-types.ts',
        'shared/src/api/directory-constants.ts',
        'shared/src/category-selection.ts',
      )(id),
  },
  // A list of categories as chips: the providers' cards and the sign-up form's category picker.
  { name: 'category-chips', test: endingIn('web/src/components/ui/category-chips.tsx') },
  // A provider as the directory, the categories and a provider's page show one: card, avatar, save button.
  {
    name: 'provider-card',
    test: endingIn(
      'web/src/entities/providers/components/provider-card.tsx',
      'web/src/entities/providers/components/save-provider-button.tsx',
      'web/src/entities/providers/api/saved-providers.ts',
      'web/src/components/ui/user-avatar.tsx',
      'web/src/components/ui/link-card.ts',
      'shared/src/names.ts',
    ),
  },
  // The reports' and security texts: a provider's page and sign-in.
  { name: 'security-messages', test: endingIn('shared/src/security-messages.ts') },
  // What a provider's page shows besides the card: social links, skills, and the texts and limits of its profile and
  // feedback (the profile's own editing screens use them too; not the reports' texts, which sign-in shares).
  // Lucide's pencil too: the page renders it on its owner's edit button, and the other screens that render it (the profile,
  // feedback, admin) load this group already; a file of its own was one more request on the page for 300 bytes.
  {
    name: 'provider-profile',
    test: endingIn(
      'web/src/components/profile/social-links.tsx',
      'web/src/components/ui/skill-chips.tsx',
      'shared/src/social-links.ts',
      'shared/src/feedback-constants.ts',
      'shared/src/api/provider-profile-text.ts',
      'node_modules/lucide-react/dist/esm/icons/pencil.mjs',
    ),
  },
  // The other icons of the editing controls (bin, plus, arrows), each rendered by several screens (a provider's portfolio
  // and feedback, the profile, admin): one file, not one each (the portfolio tab loaded three).
  {
    name: 'edit-icons',
    test: endingIn(...['trash', 'plus', 'arrow-up', 'arrow-down'].map((icon) => `node_modules/lucide-react/dist/esm/icons/${icon}.mjs`)),
  },
  // The directory's and the job board's reading of their addresses, with the job board's constants it names.
  { name: 'search-pages', test: endingIn('shared/src/search-pages.ts') },
  // Chakra's Tabs as the app wraps them: the sign-up's account types and a provider's page.
  { name: 'app-tabs', test: endingIn('web/src/components/ui/app-tabs.tsx') },
  // A place typed with suggestions: the directory's search and the sign-up form.
  { name: 'location-autocomplete', test: endingIn('web/src/entities/locations/components/location-autocomplete.tsx') },
  // The forms' library (sign-up and the signed-in screens' forms; sign-in does without).
  { name: 'forms', test: /node_modules[\\/]react-hook-form[\\/]/ },
  // The account screens' calls, texts and form parts: sign-up, sign-in, the e-mail confirmation and the password reset
  // (the signed-in screens' forms use the form parts too).
  {
    name: 'auth',
    test: endingIn(
      'web/src/components/forms/form-field.tsx',
      'web/src/components/forms/server-errors.ts',
      'web/src/components/forms/auth-card.tsx',
      'web/src/features/auth/api/auth.ts',
      'web/src/features/auth/components/use-countdown.ts',
      'web/src/features/auth/components/pending-signup.ts',
      'web/src/features/auth/components/account-type-tabs.tsx',
      'shared/src/auth-pages.ts',
      'shared/src/account-messages.ts',
    ),
  },
].map((group) => ({ ...group, priority: 1 }));

/**
 * main.tsx imports the app in steps, so their chunks are not the entry's static imports and Vite would not preload
 * them with the page: this adds a modulepreload link for each step's chunk and its imports, so they download with the
 * entry (on a server-rendered page, once it is painted: fillAppShell) and each step waits only for its turn.
 */
function bootChainPreloads(): Plugin {
  return {
    name: 'solutionz-boot-chain-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return html;
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const files: string[] = [];
        const add = (file: string) => {
          if (files.includes(file) || html.includes(`/${file}"`)) return;
          files.push(file);
          for (const imported of chunks.find((chunk) => chunk.fileName === file)?.imports ?? []) add(imported);
        };
        entry.dynamicImports.forEach(add);
        // At low priority: a page arrives server-rendered (or shows nothing before the app runs), and its first paint waits for
        // none of them (Lighthouse counts a high-priority script as holding up the paint). A server-rendered page keeps them inert
        // until it is painted (fillAppShell, main.tsx).
        const links = files.map((file) => `\n    <link rel="modulepreload" crossorigin fetchpriority="low" data-${BOOT_CHAIN} href="/${file}">`).join('');
        return html.replace(/(?<!\s)(\s*)<\/head>/, (_match, space: string) => `${links}${space}</head>`);
      },
    },
  };
}

/** V8's explicit compile hint: the whole file is compiled as it arrives, if the comment is the file's first line. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

const isBootStep = (chunk: { isEntry: boolean; name: string }) => chunk.isEntry && chunk.name in BOOT_STEPS;

/**
 * Puts V8's compile hint (Chrome 136 on) at the start of the boot chain's files. Nearly all of their code runs as the
 * page starts (React DOM hydrating, Chakra building its system, the app's first screen); with the hint the browser
 * compiles each function while the file streams in, on a background thread, instead of on the main thread the first
 * time it is called: about 300 ms less main-thread compiling on a server-rendered page at 4x CPU throttling. Last of the
 * bundle's steps, after Vite's own additions to the start of a file (its preload list), and the source map is moved
 * down the one line.
 */
function bootChainCompileHints(): Plugin {
  return {
    name: 'solutionz-boot-chain-compile-hints',
    apply: 'build',
    // The hint is in the file's hash, so a file of the same name is the same file, hint and all.
    augmentChunkHash: (chunk) => (isBootStep(chunk) ? COMPILE_HINT : undefined),
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk' || !isBootStep(output)) continue;
          output.code = `${COMPILE_HINT}\n${output.code}`;
          if (output.map) output.map.mappings = `;${output.map.mappings}`;
        }
      },
    },
  };
}

/** The shared styles' element in index.html's head. */
const SHARED_STYLES_ELEMENT = (css: string) => {
  if (css.includes('</')) throw new Error('The shared styles would close their own <style> element');
  return `<style id="shared-styles">${css}</style>`;
};

/** The shell's title is the home page's; another prerendered page names itself there as its screen does once live. */
const PRERENDERED_TITLES: Partial<Record<(typeof PRERENDERED_PAGES)[number]['path'], string>> = {
  '/signup': `${AUTH_PAGE_TITLES.signup} | ${PRODUCT_NAME}`,
  '/business': BUSINESS_PAGE_TITLE,
  '/accessibility': ACCESSIBILITY_PAGE_TITLE,
};

/**
 * After a production build, builds the app's server renderer (src/entry-server.tsx, for Node, with its
 * libraries in it) beside the site (rendererDirOf: the page function renders provider pages with it), and
 * renders the static public pages (PRERENDERED_PAGES) with it into copies of index.html, so their content
 * and styles arrive in the HTML; main.tsx hydrates them. index.html itself stays the empty shell that
 * every other address gets.
 */
function prerenderPages(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'solutionz-prerender-pages',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      // The server build below loads this config too; only the browser build prerenders.
      if (config.build.ssr || config.build.watch) return;
      const outDir = resolve(config.root, config.build.outDir);
      const rendererDir = rendererDirOf(outDir);
      await build({
        configFile: config.configFile,
        mode: config.mode,
        logLevel: 'warn',
        // Its libraries in it: the page function's bundle has no node_modules beside it.
        ssr: { noExternal: true },
        build: {
          ssr: 'src/entry-server.tsx',
          outDir: rendererDir,
          emptyOutDir: true,
          sourcemap: false,
          copyPublicDir: false,
          // CommonJS, loaded with require: `vite build --configLoader runner` runs this config in Vite's module runner,
          // whose import() is closed by now.
          rolldownOptions: { output: { format: 'cjs', entryFileNames: RENDERER_ENTRY_FILE } },
        },
      });
      const rendererEntry = join(rendererDir, RENDERER_ENTRY_FILE);
      const { renderPage, renderSharedStyles } = createRequire(rendererEntry)(rendererEntry) as Renderer;
      // Every page, server-rendered or not, has the styles it shares with the others in its head, written once here.
      const indexFile = join(outDir, 'index.html');
      const shell = (await readFile(indexFile, 'utf8')).replace('</head>', () => `${SHARED_STYLES_ELEMENT(renderSharedStyles())}</head>`);
      await writeFile(indexFile, shell);
      for (const page of PRERENDERED_PAGES) {
        const title = PRERENDERED_TITLES[page.path];
        const pageShell = title ? shell.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`) : shell;
        await writeFile(join(outDir, page.file), fillAppShell(pageShell, { path: page.path, ...(await renderPage(page.path)) }));
      }
    },
  };
}

/** `vite preview` serves each prerendered page at its path, as the edge does (infra/src/edge-rules.ts). */
function servePrerenderedPages(): Plugin {
  return {
    name: 'solutionz-serve-prerendered-pages',
    configurePreviewServer(server) {
      server.middlewares.use((req, _res, next) => {
        const [path, query] = (req.url ?? '/').split('?');
        const page = PRERENDERED_PAGES.find((candidate) => candidate.path === path);
        if (page) req.url = `/${page.file}${query === undefined ? '' : `?${query}`}`;
        next();
      });
    },
  };
}

/**
 * React Router publishes its production build (the same code without its development warnings) but points every
 * import at the development one; a production build takes the production files.
 */
function reactRouterProduction(command: string) {
  if (command !== 'build') return [];
  const dist = join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist', 'production');
  return [
    { find: /^react-router$/, replacement: join(dist, 'index.mjs') },
    { find: /^react-router\/dom$/, replacement: join(dist, 'dom-export.mjs') },
  ];
}

export default defineConfig(({ isSsrBuild, command }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    chakraSharedStylesOnDemand(),
    pureAnatomies(),
    bootChainPreloads(),
    bootChainCompileHints(),
    runtimeConfig(),
    htmlConstants(),
    prerenderPages(),
    servePrerenderedPages(),
  ],
  resolve: { alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }, ...reactRouterProduction(command)] },
  server: { proxy },
  preview: { proxy },
  build: {
    target: 'es2022',
    // The first page's code is three files on purpose (BOOT_CHUNK_GROUPS): about 530 KB before compression, 165 KB gzip.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      // The page (index.html, whose script is main.tsx) and the steps main.tsx loads one after another.
      input: isSsrBuild ? undefined : { index: fileURLToPath(new URL('./index.html', import.meta.url)), ...BOOT_STEPS },
      output: {
        codeSplitting: {
          // Amplify is only needed once auth is touched; it must never be pulled into the entry chunk.
          groups: [
            { name: 'amplify', test: /node_modules[\\/](aws-amplify|@aws-amplify|@aws-crypto|@aws-sdk|@smithy)[\\/]/, priority: 10 },
            // Everything the first page runs, in one file per boot step: otherwise each module it shares with a lazy
            // screen became a chunk of its own (33 files for the home page), and on a phone's slow line each extra file
            // costs a round trip.
            ...BOOT_CHUNK_GROUPS,
            ...SCREEN_CHUNK_GROUPS,
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['web/src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['web/src/testing/setup.ts'],
    css: false,
    // Files share a worker, its jsdom and its loaded libraries: a fresh process per file tripled the run
    // time. setup.ts makes each file start as on a fresh page.
    isolate: false,
    // A group of its own: where a run has a single worker (two cores), vitest then hands it all web files at
    // once and builds one jsdom for them, instead of one per file after the unit project's files.
    sequence: { groupOrder: 1 },
    // A screen test types and clicks through several renders; on a two-core machine busy with the local
    // stack the slowest took over Vitest's default five seconds (as the unit project's do, it gets fifteen).
    testTimeout: 15_000,
  },
}));
