import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { envExample, readmeTable } from '../scripts/env-docs.js';
import { repoRoot } from './lib/package-paths.js';

// Operators configure Rummage from the README and .env.example; both are generated from the table the
// server reads (`npm run docs:env`), and this fails when someone adds a variable without regenerating them.
describe('configuration docs', () => {
  it('README lists every variable the server reads, as generated', () => {
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    expect(readme).toContain(readmeTable());
  });

  it('.env.example lists every variable the server reads, as generated', () => {
    expect(readFileSync(join(repoRoot, '.env.example'), 'utf8')).toBe(envExample());
  });
});
