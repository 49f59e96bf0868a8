#!/usr/bin/env node
/**
 * `npm run build -w apps/server [-- tsc flags]`: tsc compiles src/ to dist/, then dist/server.js, the entry
 * `npm start` runs, is bundled in place with drizzle-orm and the contract inside it, split into chunks (beside it) where
 * the server imports a module of its own on demand.
 *
 * Why: Node 22 finds each loaded file's package.json scope and parses that package's `exports` again for every
 * file. drizzle-orm's package.json holds 175 KB of exports and its few hundred files load at start, so a start
 * spent about a fifth of its CPU re-reading it (a CPU profile of `node --cpu-prof apps/server/dist/server.js`,
 * `deserializePackageJSON` under `getPackageScopeConfig`). Bundled, they are one module. Every other package stays
 * outside the bundle: several read their own files beside them (swagger-ui's assets, PGlite's WebAssembly, the
 * gazetteer's data) or load native code (argon2, sharp). The rest of dist/ stays as tsc wrote it for the admin
 * and backup commands.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const entry = join(serverDir, 'dist/server.js');

const tscBin = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const tsc = spawnSync(process.execPath, [tscBin, '-p', 'tsconfig.build.json', ...process.argv.slice(2)], {
  cwd: serverDir,
  stdio: 'inherit',
});
if (tsc.status !== 0) process.exit(tsc.status ?? 1);

/**
 * Fastify and the packages it and its plugins load at start, bundled too: about 350 small CommonJS modules, each
 * found, read and wrapped by Node's loader on its own. Left outside: pino and its worker-thread transport (it
 * starts workers from files), and @fastify/swagger (it reads the app's package.json from beside itself).
 */
const FASTIFY = new Set([
  'fastify',
  '@fastify/accept-negotiator',
  '@fastify/ajv-compiler',
  '@fastify/busboy',
  '@fastify/cors',
  '@fastify/deepmerge',
  '@fastify/error',
  '@fastify/fast-json-stringify-compiler',
  '@fastify/forwarded',
  '@fastify/merge-json-schemas',
  '@fastify/multipart',
  '@fastify/proxy-addr',
  '@fastify/rate-limit',
  '@fastify/send',
  '@fastify/static',
  '@fastify/under-pressure',
  '@lukeed/ms',
  'abstract-logging',
  'ajv',
  'ajv-formats',
  'avvio',
  'content-disposition',
  'cookie',
  'depd',
  'dequal',
  'escape-html',
  'fast-decode-uri-component',
  'fast-deep-equal',
  'fast-json-stringify',
  'fast-querystring',
  'fast-uri',
  'fastify-plugin',
  'fastify-type-provider-zod',
  'fastq',
  'find-my-way',
  'helmet',
  'http-errors',
  'inherits',
  'ipaddr.js',
  'json-schema-ref-resolver',
  'json-schema-traverse',
  'light-my-request',
  'mime',
  'process-warning',
  'require-from-string',
  'ret',
  'reusify',
  'rfdc',
  'safe-regex2',
  'secure-json-parse',
  'semver',
  'set-cookie-parser',
  'setprototypeof',
  'statuses',
  'toad-cache',
  'toidentifier',
]);

/** esbuild's namespace for Node's built-in modules, each a one-line CommonJS module that requires it. */
const BUILT_IN = 'built-in';

const packageOf = (specifier) => specifier.split('/', specifier.startsWith('@') ? 2 : 1).join('/');

const inside = (specifier) =>
  specifier === 'drizzle-orm' ||
  specifier.startsWith('drizzle-orm/') ||
  specifier.startsWith('@rummage/contract') ||
  FASTIFY.has(packageOf(specifier));

// The chunks of an earlier build: their names carry a hash, so a new build does not overwrite them.
const CHUNK = /^server\.chunk-.*\.js(\.map)?$/;
for (const name of readdirSync(join(serverDir, 'dist'))) {
  if (CHUNK.test(name)) rmSync(join(serverDir, 'dist', name));
}

await build({
  entryPoints: [entry],
  outdir: join(serverDir, 'dist'),
  allowOverwrite: true,
  bundle: true,
  // What the server imports on demand stays on demand: without splitting, a module behind `await import()` (the
  // app itself, tracing, the Redis backplane, metrics) is inlined, and the packages it imports become static
  // imports of the bundle, loaded at every start whether used or not (OpenTelemetry, ioredis, prom-client).
  // The chunks sit beside server.js, so paths the code finds from `import.meta.url` stay as they were.
  splitting: true,
  chunkNames: 'server.chunk-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: 'linked',
  logLevel: 'warning',
  // The bundled CommonJS packages require the ones left outside (pino, Node's built-ins): esbuild's shim uses a
  // `require` where one is in scope, and an ES module has none of its own.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  plugins: [
    {
      name: 'built-ins-required',
      setup(bundler) {
        // Node's built-in modules as CommonJS `require`s, not ES imports: importing one as an ES module makes Node
        // read every export to build the module's ES face, and node:http's WebSocket, CloseEvent and
        // MessageEvent are getters that load undici, Node's whole fetch and WebSocket client (nodejs/node#59686;
        // about 80 ms of a start's profile, none of it used).
        bundler.onResolve({ filter: /^[^./]/ }, (args) =>
          isBuiltin(args.path) && args.namespace !== BUILT_IN
            ? { path: args.path, namespace: BUILT_IN }
            : undefined,
        );
        bundler.onLoad({ filter: /.*/, namespace: BUILT_IN }, (args) => ({
          contents: `module.exports = require(${JSON.stringify(args.path)});`,
          loader: 'js',
        }));
      },
    },
    {
      name: 'packages-outside',
      setup(bundler) {
        // Bare specifiers (packages, node: built-ins) stay imports unless they are one of the inside ones.
        bundler.onResolve({ filter: /^[^./]/ }, (args) =>
          inside(args.path) ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});

/**
 * V8 keeps each loaded script's source, one byte a character when every character is Latin-1 and two otherwise.
 * esbuild escapes what it can but leaves comments and regular expressions as written, and one "–" or "’" there
 * doubles what the script's 3 MB cost in memory. Escaped as \uXXXX: the same in a regular expression, a string
 * or an identifier, and only text in a comment.
 */
for (const name of readdirSync(join(serverDir, 'dist'))) {
  if (!(name === 'server.js' || CHUNK.test(name)) || name.endsWith('.map')) continue;
  const file = join(serverDir, 'dist', name);
  const source = readFileSync(file, 'utf8');
  const ascii = source.replace(
    /[\u0080-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  if (ascii !== source) writeFileSync(file, ascii);
}
