import { describe, expect, it } from 'vitest';
import { timeAgo } from './relativeTime';

const NOW = Date.parse('2026-12-03T12:00:00Z');
const FIVE_MINUTES_AGO = '2026-12-03T11:55:00Z';

describe('timeAgo', () => {
  it('says how long ago in the SPEC’s English words by default', () => {
    expect(timeAgo(FIVE_MINUTES_AGO, NOW)).toBe('5 minutes ago');
    expect(timeAgo('2026-12-03T12:00:30Z', NOW)).toBe('a few seconds ago');
  });

  it('says it in German and Spanish on pages read in them', () => {
    expect(timeAgo(FIVE_MINUTES_AGO, NOW, 'de')).toBe('vor 5 Minuten');
    expect(timeAgo(FIVE_MINUTES_AGO, NOW, 'es')).toBe('hace 5 minutos');
  });
});
