/**
 * Before bench/mixed measures anything: the floor answers the mix's reads, for a signed-in user, with the app's
 * bytes (as floor.test.ts holds it to on the test's data, here on the bench's own). Page 1 is asked of the app
 * first, so every compared read names the same snapshot (`before`).
 */
import http from 'node:http';
import { API, apiPath } from '@rummage/contract';
import type { Account } from './accounts.js';
import { send } from './users.js';

export async function checkFloorBytes(
  appBase: string,
  floorBase: string,
  account: Account,
  point: { latitude: number; longitude: number; radiusKm: number },
): Promise<string> {
  const agent = new http.Agent({ keepAlive: false });
  const get = async (base: string, path: string) => {
    const answer = await send(agent, `${base}${path}`, { token: account.token });
    if (answer.status !== 200) throw new Error(`${base}${path} answered ${answer.problem}`);
    return answer.text;
  };
  const feed = (page: number, extra: Record<string, string> = {}) =>
    `${API.marketplace.products}?${new URLSearchParams({
      page: String(page),
      pageSize: '12',
      latitude: String(point.latitude),
      longitude: String(point.longitude),
      radiusKm: String(point.radiusKm),
      ...extra,
    })}`;
  try {
    const first = JSON.parse(await get(appBase, feed(1))) as { data: Array<{ id: number }>; before: string };
    const card = first.data[0];
    if (!card) throw new Error('the feed around the first metro is empty');
    const reads = [
      feed(1, { before: first.before }),
      feed(2, { before: first.before }),
      feed(1, { before: first.before, search: 'vintage' }),
      feed(1, { before: first.before, search: 'lamp' }),
      apiPath(API.product.item, { id: card.id }),
    ];
    let bytes = 0;
    for (const path of reads) {
      const [app, floor] = await Promise.all([get(appBase, path), get(floorBase, path)]);
      if (app !== floor) {
        throw new Error(`the floor's answer to ${path} differs from the app's:\n${app}\n${floor}`);
      }
      bytes += Buffer.byteLength(app);
    }
    return `${reads.length} reads (pages 1 and 2, two searches, a listing) as ${account.username}: the app's bytes (${bytes} in all)`;
  } finally {
    agent.destroy();
  }
}
