import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approximatePoint } from '@rummage/contract';
import { eq } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { cellCentreSql, products } from '../../db/schema.js';
import { createUser } from '../../test/factories.js';
import { createProduct } from '../../test/products.js';

// The radius search measures listings at the point their answers show (docs/security.md): the SQL cell centre
// must be the contract's, on the database itself.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Points over every latitude band, both hemispheres, near the poles and the antimeridian, and on cell edges. */
function samplePoints(): Array<[number, number]> {
  const points: Array<[number, number]> = [
    [41.88347, -87.63291],
    [0, 0],
    [-33.8688, 151.2093],
    [89.9999, 179.9999],
    [-89.9999, -179.9999],
    [64.1466, -21.9426],
    [0.0045 * 9301, 0.0045 * 10],
    [-0.0045 * 17, -0.0045 * 3],
  ];
  let seed = 7;
  const next = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  for (let i = 0; i < 400; i++) points.push([next() * 180 - 90, next() * 360 - 180]);
  return points;
}

describe('cellCentreSql, the shown point listings store', () => {
  it("answers the contract's approximatePoint for every point, within a metre", async () => {
    const points = samplePoints();
    const at = { latitude: sql`v.latitude`, longitude: sql`v.longitude` };
    const shown = cellCentreSql(at.latitude, at.longitude);
    const values = sql.join(
      points.map(([lat, lng], index) => sql`(${index}::int, ${lat}::float8, ${lng}::float8)`),
      sql`, `,
    );
    const rows = await queryRows<{ i: number; latitude: number; longitude: number }>(
      t.app.parts.storage.database.db,
      sql`select v.i, ${shown.latitude} as latitude, ${shown.longitude} as longitude
          from (values ${values}) as v(i, latitude, longitude) order by v.i`,
    );
    expect(rows).toHaveLength(points.length);
    for (const row of rows) {
      const [lat, lng] = points[Number(row.i)]!;
      const expected = approximatePoint(lat, lng);
      expect(Number(row.latitude), `${lat}, ${lng}`).toBeCloseTo(expected.latitude, 5);
      expect(Number(row.longitude), `${lat}, ${lng}`).toBeCloseTo(expected.longitude, 5);
    }
  });

  it('is what a listing stores as its shown point, and keeps it when the seller moves the listing', async () => {
    const seller = await createUser(t.app);
    const db = t.app.parts.storage.database.db;
    const here = { latitude: 41.88347, longitude: -87.63291 };
    const id = await createProduct(t.app, seller.id, here);
    const shown = async () => {
      const [row] = await db
        .select({ latitude: products.shownLatitude, longitude: products.shownLongitude })
        .from(products)
        .where(eq(products.id, id));
      return row!;
    };
    const cell = approximatePoint(here.latitude, here.longitude);
    expect((await shown()).latitude).toBeCloseTo(cell.latitude, 5);
    expect((await shown()).longitude).toBeCloseTo(cell.longitude, 5);
    const moved = { latitude: -33.8688, longitude: 151.2093 };
    await db.update(products).set(moved).where(eq(products.id, id));
    const movedCell = approximatePoint(moved.latitude, moved.longitude);
    expect((await shown()).latitude).toBeCloseTo(movedCell.latitude, 5);
    expect((await shown()).longitude).toBeCloseTo(movedCell.longitude, 5);
  });
});
