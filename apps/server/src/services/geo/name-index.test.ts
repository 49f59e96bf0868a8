import { describe, expect, it } from 'vitest';
import { MATCH, NameIndex, oneEditPrefix, type MatchQuality } from './name-index.js';

describe('oneEditPrefix', () => {
  it('finds a whole name one letter wrong, missing, extra or swapped', () => {
    expect(oneEditPrefix('nunchen', 'munchen')).toBe(1); // wrong
    expect(oneEditPrefix('muncen', 'munchen')).toBe(1); // missing
    expect(oneEditPrefix('munchhen', 'munchen')).toBe(1); // extra
    expect(oneEditPrefix('barcelnoa', 'barcelona')).toBe(1); // swapped
    expect(oneEditPrefix('berlinn', 'berlin')).toBe(1); // extra at the end
  });
  it('finds the start of a name with one typo before the last letter typed', () => {
    expect(oneEditPrefix('barcelno', 'barcelona')).toBe(2);
    expect(oneEditPrefix('frnakfurt', 'frankfurt am main')).toBe(2);
  });
  it('refuses two edits, and a different last letter that only starts another name', () => {
    expect(oneEditPrefix('brcelnoa', 'barcelona')).toBe(0);
    expect(oneEditPrefix('munich', 'municipio')).toBe(0);
    expect(oneEditPrefix('berlin', 'bern')).toBe(0);
  });
  it('leaves exact names and exact starts to the exact search', () => {
    expect(oneEditPrefix('berlin', 'berlin')).toBe(0);
    expect(oneEditPrefix('berl', 'berlin')).toBe(0);
  });
});

describe('NameIndex', () => {
  const index = new NameIndex([
    { key: 'munich', id: 1, other: false },
    { key: 'munchen', id: 1, other: true },
    { key: 'munchenstein', id: 7, other: false },
    { key: 'barcelona', id: 2, other: false },
    { key: 'rome', id: 3, other: false },
    { key: 'portland', id: 4, other: false },
    { key: 'portlandia', id: 5, other: false },
    { key: 'port lavaca', id: 6, other: false },
  ]);
  const matches = (q: string, options = { typos: true, wholeWord: false }) => {
    const found = new Map<number, MatchQuality>();
    index.match(
      q,
      (id, quality) => found.set(id, Math.min(quality, found.get(id) ?? quality) as MatchQuality),
      options,
    );
    return Object.fromEntries(found);
  };

  it('tells exact, other-name, prefix and typo matches apart', () => {
    // "munich" less its i starts "munchenstein": one edit from a start counts too.
    expect(matches('munich')).toEqual({ 1: MATCH.exact, 7: MATCH.typo });
    expect(matches('munchen')).toEqual({ 1: MATCH.exactOther, 7: MATCH.prefix });
    expect(matches('munc')).toEqual({ 1: MATCH.prefixOther, 7: MATCH.prefix });
    expect(matches('muncen')).toEqual({ 1: MATCH.typo, 7: MATCH.typo });
    expect(matches('barcelnoa')).toEqual({ 2: MATCH.typo });
  });
  it('forgives typos only from 5 letters, and only when asked', () => {
    expect(matches('rmoe')).toEqual({});
    expect(matches('barcelnoa', { typos: false, wholeWord: false })).toEqual({});
  });
  it('keeps whole words apart when asked', () => {
    expect(matches('portland', { typos: false, wholeWord: true })).toEqual({ 4: MATCH.exact });
    expect(matches('port', { typos: false, wholeWord: true })).toEqual({ 6: MATCH.prefix });
    expect(matches('portland', { typos: false, wholeWord: false })).toEqual({
      4: MATCH.exact,
      5: MATCH.prefix,
    });
  });
});
