import { messages, type Catalogue } from '@rummage/contract';

let paths: Map<string, readonly string[]> | undefined;

/** Every English text of the contract by its words, with its path in the catalogue; the first path of a text wins. */
function englishPaths(): Map<string, readonly string[]> {
  if (paths) return paths;
  const found = new Map<string, readonly string[]>();
  const walk = (node: unknown, path: string[]) => {
    if (typeof node === 'string') {
      if (!found.has(node)) found.set(node, path);
    } else if (node && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) walk(child, [...path, key]);
    }
  };
  walk(messages, []);
  paths = found;
  return found;
}

/**
 * An English text of the contract, as the contract's schemas give it when the browser checks a form, in the
 * language of `texts`. A text the catalogue does not hold comes back unchanged.
 */
export function inLanguage(texts: Catalogue, english: string): string {
  const path = englishPaths().get(english);
  if (!path) return english;
  let node: unknown = texts;
  for (const key of path) node = (node as Record<string, unknown> | undefined)?.[key];
  return typeof node === 'string' ? node : english;
}
