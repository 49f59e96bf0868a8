import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { es } from './es.js';

/** Every text of a catalogue by its path ("offers.status.pending", "reviews.rulesPage.sections.0.items.1"). */
function textsByPath(node: unknown, path = ''): Map<string, string> {
  if (typeof node === 'string') return new Map([[path, node]]);
  const texts = new Map<string, string>();
  for (const [key, child] of Object.entries(node as object)) {
    for (const entry of textsByPath(child, path ? `${path}.${key}` : key)) texts.set(...entry);
  }
  return texts;
}

/** The names fillText fills in, as it finds them. */
function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map(([, name]) => name ?? ''))].sort();
}

/** Texts Spanish says as English does: a name, a technical word, or an id of the rules page. */
const SAME_AS_ENGLISH = new Set([
  'staff.automaticReporter',
  'notifications.pushColumn',
  'categories.names.Vintage',
  'reviews.rulesPage.sections.0.id',
  'reviews.rulesPage.sections.1.id',
  'reviews.rulesPage.sections.2.id',
]);

const english = textsByPath(messages);
const spanish = textsByPath(es);

describe('the Spanish catalogue', () => {
  it('has every text of the English one and nothing more', () => {
    expect([...spanish.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('has no empty text', () => {
    expect([...spanish].filter(([, text]) => text.trim() === '').map(([path]) => path)).toEqual([]);
  });

  it('fills in the same placeholders as English in every text', () => {
    const differing = [...english]
      .filter(([path, text]) => placeholders(text).join() !== placeholders(spanish.get(path) ?? '').join())
      .map(([path]) => path);
    expect(differing).toEqual([]);
  });

  it('translates every text except names and codes', () => {
    const untranslated = [...english]
      .filter(([path, text]) => spanish.get(path) === text && !SAME_AS_ENGLISH.has(path))
      .map(([path]) => path);
    expect(untranslated).toEqual([]);
    expect(english.size).toBeGreaterThan(500);
  });
});
