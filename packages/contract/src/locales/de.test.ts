import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { de } from './de.js';

/** Every text of a catalogue by its path ("offers.status.pending", "reviews.rulesPage.sections.0.items.2"). */
function texts(catalogue: unknown, path = ''): Map<string, unknown> {
  const found = new Map<string, unknown>();
  if (catalogue === null || typeof catalogue !== 'object') return found.set(path, catalogue);
  for (const [key, value] of Object.entries(catalogue)) {
    for (const entry of texts(value, path ? `${path}.${key}` : key)) found.set(...entry);
  }
  return found;
}

/** The `{name}` placeholders fillText fills in, sorted; `{ "ids": [...] }` in a refusal is no placeholder. */
function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
}

describe('the German catalogue', () => {
  const english = texts(messages);
  const german = texts(de);

  it('has every text of the English source and nothing more', () => {
    expect([...german.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('has no empty text', () => {
    const empty = [...german].filter(([, text]) => typeof text !== 'string' || text.trim() === '');
    expect(empty).toEqual([]);
  });

  it('keeps the placeholders of each English text', () => {
    for (const [path, text] of english) {
      expect(placeholders(String(german.get(path))), path).toEqual(placeholders(String(text)));
    }
  });

  it('translates the texts rather than copying the English', () => {
    const same = [...english].filter(([path, text]) => german.get(path) === text).map(([path]) => path);
    // Names (Rummage, Vintage, Push) and the rating rules' section ids read the same in both languages.
    expect(same.length, same.join(', ')).toBeLessThan(english.size / 50);
  });
});
