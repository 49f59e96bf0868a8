import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

function readPackageJson(dir: string): { name?: string; version?: string; workspaces?: unknown } | undefined {
  const file = join(dir, 'package.json');
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as {
      name?: string;
      version?: string;
      workspaces?: unknown;
    };
  } catch {
    return undefined;
  }
}

/**
 * The server package folder, found by walking up from this file, so it is the same whether the code runs from
 * `src/` (tsx, vitest) or from the compiled `dist/`. Migrations live here, never relative to the working directory.
 */
function findServerPackageDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (readPackageJson(dir)?.name === '@rummage/server') return dir;
    const parent = dirname(dir);
    if (parent === dir)
      throw new Error('Cannot find the @rummage/server package folder above ' + import.meta.url);
    dir = parent;
  }
}

export const serverPackageDir = findServerPackageDir();

/** The server package's version (backups record it in their manifest). */
export const serverVersion = readPackageJson(serverPackageDir)?.version ?? '0.0.0';

/** The monorepo root when the server runs inside it; otherwise (a copied deployment) the working directory. */
export const repoRoot = (() => {
  const candidate = resolve(serverPackageDir, '..', '..');
  return readPackageJson(candidate)?.workspaces ? candidate : process.cwd();
})();

export const migrationsDir = join(serverPackageDir, 'src', 'db', 'migrations');
