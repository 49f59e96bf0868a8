import { describe, expect, it } from 'vitest';
import { boundingBox, distanceKm, EARTH_RADIUS_KM } from './radius.js';

function destination(lat: number, lng: number, km: number, bearing: number) {
  const rad = Math.PI / 180;
  const d = km / EARTH_RADIUS_KM;
  const φ1 = lat * rad;
  const θ = bearing * rad;
  const φ2 = Math.asin(Math.sin(φ1) * Math.cos(d) + Math.cos(φ1) * Math.sin(d) * Math.cos(θ));
  const λ2 =
    lng * rad +
    Math.atan2(Math.sin(θ) * Math.sin(d) * Math.cos(φ1), Math.cos(d) - Math.sin(φ1) * Math.sin(φ2));
  return { latitude: φ2 / rad, longitude: λ2 / rad };
}

describe('boundingBox', () => {
  it('holds every point of the circle, at any latitude and radius', () => {
    for (const latitude of [-70, -33.9, 0, 25.8, 41.88, 61.2, 71.3]) {
      for (const radiusKm of [0.5, 16, 40.2335, 160, 800]) {
        const box = boundingBox({ latitude, longitude: 20, radiusKm });
        for (let bearing = 0; bearing < 360; bearing += 2) {
          const p = destination(latitude, 20, radiusKm, bearing);
          expect(distanceKm(latitude, 20, p.latitude, p.longitude)).toBeCloseTo(radiusKm, 6);
          expect(p.latitude).toBeGreaterThanOrEqual(box.minLat);
          expect(p.latitude).toBeLessThanOrEqual(box.maxLat);
          if (box.lng) {
            expect(p.longitude).toBeGreaterThanOrEqual(box.lng.min);
            expect(p.longitude).toBeLessThanOrEqual(box.lng.max);
          }
        }
      }
    }
  });

  it('is tight: not much wider than the circle', () => {
    const box = boundingBox({ latitude: 41.88, longitude: -87.63, radiusKm: 40.2335 });
    const east = destination(41.88, -87.63, 40.2335, 90);
    expect(box.lng!.max - east.longitude).toBeLessThan(0.01);
    expect(box.maxLat - destination(41.88, -87.63, 40.2335, 0).latitude).toBeLessThan(1e-6);
  });

  it('drops the longitude bound when the circle reaches a pole or crosses the antimeridian', () => {
    expect(boundingBox({ latitude: 89.9, longitude: 0, radiusKm: 50 }).lng).toBeUndefined();
    expect(boundingBox({ latitude: 52, longitude: 179.9, radiusKm: 50 }).lng).toBeUndefined();
    expect(boundingBox({ latitude: 0, longitude: 0, radiusKm: 30_000 }).lng).toBeUndefined();
  });
});
