import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import type { Catalogue } from './catalogue.js';
import { de } from './de.js';
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

/** The names fillText fills in, as it finds them; `{ "ids": [...] }` in a refusal is no placeholder. */
function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map(([, name]) => name ?? ''))].sort();
}

/**
 * Texts every language says as English does: a name, a technical word, a unit's symbol ("{value} km"), an id of a
 * page's section, the copyright line.
 */
const SAME_EVERYWHERE = [
  'staff.automaticReporter',
  'garageRoute.kilometres',
  'notifications.pushColumn',
  'categories.names.Vintage',
  'reviews.rulesPage.sections.0.id',
  'reviews.rulesPage.sections.1.id',
  'reviews.rulesPage.sections.2.id',
  'accessibility.sections.0.id',
  'accessibility.sections.1.id',
  'accessibility.sections.2.id',
  'footer.copyright',
];

const catalogues: Array<{ language: string; catalogue: Catalogue; sameAsEnglish: string[] }> = [
  { language: 'German', catalogue: de, sameAsEnglish: [...SAME_EVERYWHERE, 'deals.dealLine'] },
  { language: 'Spanish', catalogue: es, sameAsEnglish: SAME_EVERYWHERE },
];

const english = textsByPath(messages);

describe.each(catalogues)('the $language catalogue', ({ catalogue, sameAsEnglish }) => {
  const translated = textsByPath(catalogue);

  it('has every text of the English one and nothing more', () => {
    expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
    expect(english.size).toBeGreaterThan(500);
  });

  it('has no empty text', () => {
    expect([...translated].filter(([, text]) => text.trim() === '').map(([path]) => path)).toEqual([]);
  });

  it('fills in the same placeholders as English in every text', () => {
    const differing = [...english]
      .filter(([path, text]) => placeholders(text).join() !== placeholders(translated.get(path) ?? '').join())
      .map(([path]) => path);
    expect(differing).toEqual([]);
  });

  it('translates every text except names and codes', () => {
    const untranslated = [...english]
      .filter(([path, text]) => translated.get(path) === text && !sameAsEnglish.includes(path))
      .map(([path]) => path);
    expect(untranslated).toEqual([]);
  });
});
