#!/usr/bin/env node
/**
 * The home page's JavaScript budget: the gzip size of the JavaScript a first visit to `/` loads
 * before any page-specific code, at most 100 KiB. Reads the built web app (apps/web/dist), so run
 * `npm run build` first; exits 1 when the budget is exceeded or the build is missing.
 *
 *   node scripts/check-bundle.mjs [--dist apps/web/dist] [--budget 100]
 *
 * What counts: the scripts and modulepreload links of the home page's HTML (dist/home.html, the prerendered
 * page the server sends for `/`, else dist/index.html), everything they import statically (Vite's manifest,
 * dist/.vite/manifest.json), and the entry's own dynamic imports with their static imports: src/main.tsx
 * imports the app that way once the page has painted, on every visit. Not counted: the lazily loaded pages
 * (dynamic imports of other chunks). Sizes are gzip at zlib's default level, the usual way budgets are quoted.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

export const DEFAULT_BUDGET_KIB = 100;

/** `/assets/x.js` → `assets/x.js` for the files an HTML page loads as module scripts. */
function scriptsOf(html) {
  const files = [];
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  for (const tag of tags) {
    const isScript = tag.startsWith('<script') && /type="module"/.test(tag);
    const isPreload = tag.startsWith('<link') && /rel="modulepreload"/.test(tag);
    const url = /(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if ((isScript || isPreload) && url && !/^(https?:)?\/\//.test(url)) files.push(url.replace(/^\//, ''));
  }
  return files;
}

/**
 * The JavaScript the home page loads up front: [{ file, bytes, gzipBytes }] and the totals.
 * Throws when the build is missing or incomplete.
 */
export function measureInitialJs(distDir) {
  const htmlFile = ['home.html', 'index.html'].map((name) => join(distDir, name)).find(existsSync);
  const manifestFile = join(distDir, '.vite', 'manifest.json');
  if (!htmlFile) throw new Error(`no home.html or index.html in ${distDir}: run npm run build first`);
  if (!existsSync(manifestFile)) throw new Error(`no ${manifestFile}: the web build must set build.manifest`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));

  const files = new Set();
  const visit = (file) => {
    if (files.has(file)) return;
    files.add(file);
    for (const key of byFile.get(file)?.imports ?? []) if (manifest[key]) visit(manifest[key].file);
  };
  for (const file of scriptsOf(readFileSync(htmlFile, 'utf8'))) visit(file);
  for (const chunk of Object.values(manifest).filter((entry) => entry.isEntry)) {
    for (const key of chunk.dynamicImports ?? []) if (manifest[key]) visit(manifest[key].file);
  }

  const scripts = [...files].map((file) => {
    const path = join(distDir, file);
    if (!existsSync(path)) throw new Error(`${file} is referenced but missing from ${distDir}`);
    const raw = readFileSync(path);
    return { file, bytes: raw.length, gzipBytes: gzipSync(raw).length };
  });
  scripts.sort((a, b) => b.gzipBytes - a.gzipBytes);
  const sum = (key) => scripts.reduce((total, script) => total + script[key], 0);
  return { html: htmlFile, scripts, bytes: sum('bytes'), gzipBytes: sum('gzipBytes') };
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

function main() {
  const { values } = parseArgs({
    options: {
      dist: { type: 'string', default: resolve(fileURLToPath(import.meta.url), '../../apps/web/dist') },
      budget: { type: 'string', default: String(DEFAULT_BUDGET_KIB) },
    },
  });
  const budgetKib = Number(values.budget);
  if (!(budgetKib > 0)) throw new Error('--budget must be a positive number of KiB');
  const result = measureInitialJs(values.dist);
  console.log(`Home page initial JavaScript (${result.html}):`);
  for (const { file, bytes, gzipBytes } of result.scripts) {
    console.log(`  ${file.padEnd(40)} ${kib(bytes).padStart(10)}  gzip ${kib(gzipBytes).padStart(9)}`);
  }
  const within = result.gzipBytes <= budgetKib * 1024;
  console.log(
    `${within ? 'PASS' : 'FAIL'}: ${kib(result.gzipBytes)} gzip (${kib(result.bytes)} raw) against a budget of ` +
      `${budgetKib} KiB gzip`,
  );
  process.exitCode = within ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    main();
  } catch (error) {
    console.error(`check-bundle: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
