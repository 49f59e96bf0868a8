/**
 * The people and the chat of bench/hub-burst, written into a PGlite data directory by the real app in this process
 * before the measured app opens the same directory in its own: a buyer (the person whose ten tabs fire the burst),
 * a seller, a listing and one message between them, so JoinChat and SendMessage meet a real chat. Notifications are
 * on: the seller is away with a push subscription (`pushEndpoint`, a stand-in the bench runs), so every message
 * stored makes a notification-centre entry, a push job and an e-mail job, as on a real server.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API } from '@rummage/contract';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { bearer, createUser, signIn } from '../../apps/server/src/test/factories.js';
import { createProduct } from '../../apps/server/src/test/products.js';

export interface Scene {
  dataDir: string;
  buyer: { id: number; token: string };
  seller: { id: number };
  productId: number;
}

export async function prepareScene(pushEndpoint: string): Promise<Scene> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rummage-bench-burst-'));
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: '',
    REDIS_URL: '',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO_DATA: 'false',
    CAPTCHA_PROVIDER: 'altcha',
    ALTCHA_HMAC_KEY: 'bench-altcha-hmac-key-0123456789',
  });
  const app = await buildApp(config, { logger: false, jobs: false });
  try {
    const seller = await createUser(app);
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const subscribed = await app.inject({
      method: 'POST',
      url: API.notifications.pushSubscriptions,
      headers: bearer(await signIn(app, seller)),
      payload: {
        endpoint: pushEndpoint,
        keys: { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') },
      },
    });
    if (subscribed.statusCode >= 300)
      throw new Error(`the push subscription answered ${subscribed.statusCode}`);
    const buyerUser = await createUser(app);
    const buyer = { id: buyerUser.id, token: await signIn(app, buyerUser) };
    const productId = await createProduct(app, seller.id);
    const first = await app.inject({
      method: 'POST',
      url: API.message.send,
      headers: bearer(buyer.token),
      payload: { productId, receiverId: seller.id, message: 'Is this still available?' },
    });
    if (first.statusCode >= 300) throw new Error(`the first message answered ${first.statusCode}`);
    return { dataDir, buyer, seller: { id: seller.id }, productId };
  } finally {
    await app.close();
  }
}
