import { describe, expect, it } from 'vitest';
import { shortenTitle } from './shortenTitle';

describe('shortenTitle (inbox rows, docs/product.md §2)', () => {
  it('keeps two words and abbreviates the third', () => {
    expect(shortenTitle('Blue velvet sofa')).toBe('Blue velvet s.');
  });

  it('drops everything after the third word', () => {
    expect(shortenTitle('Mid century walnut dresser with mirror')).toBe('Mid century w.');
  });

  it('leaves titles of one or two words as they are', () => {
    expect(shortenTitle('Lamp')).toBe('Lamp');
    expect(shortenTitle('Brass lamp')).toBe('Brass lamp');
  });

  it('ignores extra spaces', () => {
    expect(shortenTitle('  Oak   side \t table  ')).toBe('Oak side t.');
  });

  it('abbreviates with the first letter or digit of the third word', () => {
    expect(shortenTitle('Vintage record (mint)')).toBe('Vintage record m.');
    expect(shortenTitle('Kids bike 16-inch')).toBe('Kids bike 1.');
    expect(shortenTitle('Garden chairs ×')).toBe('Garden chairs');
  });

  it('keeps letters beyond ASCII whole', () => {
    expect(shortenTitle('Café chairs élégantes')).toBe('Café chairs é.');
    expect(shortenTitle('Old map 𝔸tlas')).toBe('Old map 𝔸.');
  });

  it('gives an empty string for an empty title', () => {
    expect(shortenTitle('   ')).toBe('');
  });
});
