/**
 * How the web build makes the first visit fast on a slow phone (docs/benchmarks-history.md, "Front end"): the first
 * render's code in two chunks, the stylesheet inline, the pages rendered to HTML, every text file compressed.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import {
  APP_FILES,
  LOCALES,
  PAGE_RENDERING,
  localizedPageFile,
  pageInLanguage,
  type Locale,
} from '@rummage/contract';
import { build, type AliasOptions, type Plugin, type Rolldown } from 'vite';
import { offlinePage } from './offline-page.ts';

/** The server sends this file for `/` (apps/server/src/plugins/static-spa.ts); every other route gets index.html. */
export const HOME_HTML = 'home.html';
const ROOT_ELEMENT = '<div id="root"></div>';
const CONTRACT = /packages[\\/]contract[\\/]/;
const BOOT_MODULES = new RegExp(
  [
    'preload-helper',
    'src/app/(landingPages|pageState)\\.ts$',
    'src/shared/api/(earlyAnswers|assets)\\.ts$',
    'src/shared/i18n/catalogueFiles\\.ts$',
    'packages/contract/src/(paths|session|constants)\\.ts$',
  ]
    .map((pattern) => pattern.replaceAll('/', '[\\\\/]'))
    .join('|'),
);
const STYLESHEET = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g;

/** Bundler notes about the libraries that say nothing about this app, left out of every build's output. */
export function isLibraryNote(warning: Rolldown.RollupLog): boolean {
  // "use client" marks React Server Components' boundaries; this app has none, and bundles the router and React
  // Query whole on purpose. Each file so marked printed five lines on every build.
  if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && /"use client"/.test(warning.message)) return true;
  // React Router reads React 19's `useOptimistic` by name and keeps plain state where there is none, as on
  // Preact (docs/decisions/0023-preact.md).
  return warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('`useOptimistic`');
}

/**
 * One chunk, `app`, for everything the first render needs: `mountFile` (which src/main.tsx imports once the page
 * has painted) and all it imports statically, Preact with it. Left alone, the bundler splits that into a dozen
 * small files shared with the lazy pages, and a phone on HTTP/1.1 spends a round trip per handful of files. (On
 * React the framework had a chunk of its own, two files of about 55 KB downloading side by side; Preact is a
 * tenth of the first page's JavaScript, not worth a request of its own.)
 */
export function appChunks(mountFile: string): Rolldown.CodeSplittingGroup[] {
  let app: Set<string> | null = null;
  const inApp = (id: string, context: Rolldown.ChunkingContext) => {
    if (!app) {
      app = new Set();
      const pending = [mountFile];
      for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
        // The contract's barrel re-exports its zod schemas too; its modules are left to the bundler, which
        // keeps the schemas (and zod, libphonenumber) with the pages that validate forms.
        if (app.has(next) || CONTRACT.test(next)) continue;
        app.add(next);
        pending.push(...(context.getModuleInfo(next)?.importedIds ?? []));
      }
    }
    return app.has(id);
  };
  // src/main.tsx must not import `app` before the first paint, yet it shares some small modules with it: Vite's
  // preload helper, the landing pages' loaders and early data, the catalogues' loaders (and the few plain modules
  // those use). They get a chunk of their own, which both import.
  const boot: Rolldown.CodeSplittingGroup = { name: 'boot', test: BOOT_MODULES, priority: 20 };
  const appGroup: Rolldown.CodeSplittingGroup = {
    debugName: 'app',
    name: (id, context) => (inApp(id, context) ? 'app' : null),
    priority: 10,
  };
  return [boot, appGroup];
}

/**
 * The stylesheet inline: linked, it blocks the first paint for one more request (on a slow phone link about as
 * long as the HTML itself). It costs about 9 KB (brotli) on each full page load, which SPA navigation does not
 * repeat.
 */
function inlineStylesheet(html: string, outDir: string): string {
  return html.replace(STYLESHEET, (_tag, href: string) => {
    const css = readFileSync(join(outDir, href), 'utf8');
    if (/url\(|<\/style/i.test(css))
      throw new Error(`${href} cannot be inlined as it is (url() or </style>)`);
    return `<style>${css}</style>`;
  });
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/**
 * modulepreload links for the `app` chunk (and any it imports), which src/main.tsx imports once the prerendered
 * frame has painted: the download starts with the HTML all the same. Low priority: a script fetched at high priority counts
 * as holding up the first paint in Lighthouse's model of a slow phone, which it does not. Only for index.html:
 * the home page and the pages the server renders with their data (painted complete from their HTML) request the
 * app right after that paint. Preloaded there, the
 * download would count toward its largest paint in the same model (every script finished before it does), for a
 * gain of one round trip in when the page answers clicks (until then src/app/earlyInput.ts holds them).
 */
function withAppPreloads(outDir: string, html: string): string {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  entry?.dynamicImports?.forEach(visit);
  const links = [...files]
    .filter((file) => !html.includes(`"/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}" fetchpriority="low">`);
  return html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
}

const {
  rendererFile: RENDERER_FILE,
  templateFile: TEMPLATE_FILE,
  pageMarker: PAGE_MARKER,
  headMarker: HEAD_MARKER,
} = PAGE_RENDERING;

/**
 * Bundles src/prerender.tsx with everything it imports (React, the router, the app) into one ES module for Node,
 * which the build uses for the home page and the frame, and the server for pages it renders at request time
 * (apps/server/src/plugins/page-render.ts). Returns the module.
 */
async function buildRenderer(
  root: string,
  alias: AliasOptions | undefined,
  outDir: string,
): Promise<Record<'renderHome' | 'renderShell', (locale: Locale) => Promise<string>>> {
  await build({
    configFile: false,
    root,
    resolve: { alias },
    logLevel: 'warn',
    // The libraries' production builds (the router, React Query): the server renders with them on every request.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    ssr: { noExternal: true },
    build: {
      ssr: 'src/prerender.tsx',
      outDir: join(outDir, dirname(RENDERER_FILE)),
      emptyOutDir: true,
      copyPublicDir: false,
      minify: false,
      rolldownOptions: {
        output: { entryFileNames: basename(RENDERER_FILE), codeSplitting: false },
        onwarn(warning, warn) {
          if (!isLibraryNote(warning)) warn(warning);
        },
      },
    },
  });
  return (await import(pathToFileURL(join(outDir, RENDERER_FILE)).href)) as Record<
    'renderHome' | 'renderShell',
    (locale: Locale) => Promise<string>
  >;
}

/**
 * The home page and the frame in every language, for HTML that paints before any script has run, in the
 * language the server chooses for the request (apps/server/src/plugins/static-spa.ts).
 */
async function prerenderPages(
  root: string,
  alias: AliasOptions | undefined,
  outDir: string,
): Promise<Array<{ locale: Locale; home: string; shell: string }>> {
  const renderer = await buildRenderer(root, alias, outDir);
  const rendered = [];
  for (const locale of LOCALES) {
    const pages = { home: await renderer.renderHome(locale), shell: await renderer.renderShell(locale) };
    // The page's Content-Security-Policy allows no inline script; markup that needs one would break silently.
    if (/<script/i.test(pages.home + pages.shell)) throw new Error('a prerendered page contains a <script>');
    rendered.push({ locale, ...pages });
  }
  return rendered;
}

/**
 * Writes name.br and name.gz next to every text file the server hands out; it sends them to browsers that
 * accept them (@fastify/static preCompressed), so compression costs nothing per request.
 */
function precompress(outDir: string): void {
  for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(js|css|html|svg|json|txt)$/.test(entry.name)) continue;
    // The manifest is for scripts/check-bundle.mjs, the renderer for the server: neither is served.
    if (/[\\/]\.(vite|ssr)\b/.test(entry.parentPath)) continue;
    const file = join(entry.parentPath, entry.name);
    const raw = readFileSync(file);
    if (raw.length < 1024) continue;
    const brotli = brotliCompressSync(raw, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length },
    });
    writeFileSync(`${file}.br`, brotli);
    writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
  }
}

export function postBuild({ alias }: { alias?: AliasOptions }): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  return {
    name: 'rummage-post-build',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const indexFile = join(outDir, 'index.html');
      const shell = inlineStylesheet(readFileSync(indexFile, 'utf8'), outDir);
      if (!shell.includes(ROOT_ELEMENT) || !shell.includes('</head>'))
        throw new Error('unexpected index.html');
      const withRoot = (html: string, markup: string) =>
        html.replace(ROOT_ELEMENT, `<div id="root">${markup}</div>`);
      const page = withAppPreloads(outDir, shell);
      for (const { locale, home, shell: frame } of await prerenderPages(root, alias, outDir)) {
        const write = (file: string, html: string) =>
          writeFileSync(join(outDir, localizedPageFile(file, locale)), pageInLanguage(html, locale));
        write('index.html', withRoot(page, frame));
        write(HOME_HTML, withRoot(shell, home));
        // Before vite-plugin-pwa lists the files its service worker keeps (closeBundle, after this).
        write(APP_FILES.offlinePage.slice(1), offlinePage(locale));
      }
      // The server fills this with a page rendered at request time and its <title> (apps/server/src/plugins/
      // page-render.ts). Without the app's preloads, like the home page: such a page paints its photos first.
      const template = withRoot(shell, PAGE_MARKER).replace(/<title>[^<]*<\/title>/, HEAD_MARKER);
      if (!template.includes(HEAD_MARKER)) throw new Error('index.html has no <title>');
      writeFileSync(join(outDir, TEMPLATE_FILE), template);
      precompress(outDir);
    },
  };
}
