import { describe, expect, it } from 'vitest';
import { approximatePoint } from './approximate-location.js';

describe('approximatePoint', () => {
  it('answers the same centre for every point of a cell, away from the exact point', () => {
    const a = approximatePoint(41.8801, -87.6301);
    const b = approximatePoint(41.8802, -87.6302);
    expect(b).toEqual(a);
    expect(approximatePoint(a.latitude, a.longitude)).toEqual(a);
    expect(Math.abs(a.latitude - 41.8801)).toBeLessThanOrEqual(0.00225 + 1e-9);
  });

  it('moves to the next cell a cell away', () => {
    const a = approximatePoint(41.8801, -87.6301);
    expect(approximatePoint(41.8801 + 0.0045, -87.6301).latitude).not.toBe(a.latitude);
    expect(approximatePoint(41.8801, -87.6301 + 0.0065).longitude).not.toBe(a.longitude);
  });
});
