import { describe, expect, it } from 'vitest';
import { feedQuerySchema, searchWords } from './product.js';

describe('searchWords', () => {
  it('keeps what a person means by a minus: a word or a phrase without, and hyphenated words', () => {
    expect(searchWords(' red chair -broken ')).toBe('red chair -broken');
    expect(searchWords('lamp -"needs repair"')).toBe('lamp -"needs repair"');
    expect(searchWords('t-shirt mid-century')).toBe('t-shirt mid-century');
    expect(searchWords('-été')).toBe('-été');
  });

  it('reads a run of minuses as one, and a minus before nothing as a space', () => {
    expect(searchWords('--broken')).toBe('-broken');
    expect(searchWords('lamp - - -broken')).toBe('lamp     -broken');
    expect(searchWords('lamp -')).toBe('lamp');
  });

  it('leaves no stack of NOTs: 33 minuses or more are no search at all', () => {
    expect(searchWords('-'.repeat(33))).toBeUndefined();
    expect(searchWords('- '.repeat(40))).toBeUndefined();
    expect(searchWords('-'.repeat(100) + 'lamp')).toBe('-lamp');
  });
});

describe('feedQuerySchema search', () => {
  it('passes the search text through searchWords', () => {
    expect(feedQuerySchema.parse({ search: '-'.repeat(40) }).search).toBeUndefined();
    expect(feedQuerySchema.parse({ search: ' --lamp ' }).search).toBe('-lamp');
  });
});
