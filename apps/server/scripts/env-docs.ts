// Writes the README's configuration table and .env.example from CONFIG_VARIABLES, so the docs never drift
// from what the server reads. Run with `npm run docs:env`; a test fails when they are out of date.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_VARIABLES } from '../src/config-variables.js';
import { repoRoot } from '../src/lib/package-paths.js';

const escape = (text: string) => text.replace(/\|/g, '\\|');

export function readmeTable(): string {
  return [
    '| variable | default | meaning |',
    '|---|---|---|',
    ...CONFIG_VARIABLES.map((v) => `| \`${v.name}\` | ${escape(v.default)} | ${escape(v.meaning)} |`),
  ].join('\n');
}

export function envExample(): string {
  return [
    '# Rummage configuration. Every variable is optional; the defaults serve the embedded setup (PGlite, ALTCHA, mail outbox).',
    '# Copy to .env (npm start reads it) or export the variables in your service manager. Blank values count as unset.',
    '# Generated from apps/server/src/config-variables.ts by `npm run docs:env`.',
    '',
    ...CONFIG_VARIABLES.flatMap((v) => [`# ${v.meaning} Default: ${v.default}`, `${v.name}=`, '']),
  ].join('\n');
}

export const README_START = '<!-- env:start -->';
export const README_END = '<!-- env:end -->';

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) {
  const readmePath = join(repoRoot, 'README.md');
  const readme = readFileSync(readmePath, 'utf8');
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  if (start < 0 || end < start) throw new Error(`README.md needs ${README_START} … ${README_END} markers`);
  const updated = `${readme.slice(0, start + README_START.length)}\n\n${readmeTable()}\n\n${readme.slice(end)}`;
  writeFileSync(readmePath, updated);
  writeFileSync(join(repoRoot, '.env.example'), envExample());
  console.log(`README.md and .env.example list ${CONFIG_VARIABLES.length} variables.`);
}
