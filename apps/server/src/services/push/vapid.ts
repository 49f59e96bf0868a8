/**
 * The server's VAPID identity (RFC 8292): the key pair push services know this server by. Taken from
 * VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set; otherwise made once and kept in server_keys, so every process
 * and every restart signs with the same key (a new key would end every browser's subscription).
 */
import type { Database } from '../../db/client.js';
import { loadOrCreateServerKey } from '../../lib/server-keys.js';

export interface VapidKeys {
  /** base64url of the 65-byte uncompressed P-256 point: what browsers subscribe with. */
  publicKey: string;
  /** base64url of the 32-byte private scalar. */
  privateKey: string;
  /** mailto: or https: contact for push services (VAPID_SUBJECT, default mailto: + SUPPORT_EMAIL). */
  subject: string;
}

const SERVER_KEY_NAME = 'vapid';

export interface VapidSettings {
  publicKey?: string;
  privateKey?: string;
  subject: string;
}

/** Loads the pair once per process (the first caller waits for the database; the rest share the answer). */
export function vapidKeysOf(db: Database, settings: VapidSettings): () => Promise<VapidKeys> {
  let loading: Promise<VapidKeys> | undefined;
  const load = async (): Promise<VapidKeys> => {
    if (settings.publicKey && settings.privateKey) {
      return { publicKey: settings.publicKey, privateKey: settings.privateKey, subject: settings.subject };
    }
    // Loaded here, not at the top: web-push and its crypto modules cost about 60 ms of every start otherwise.
    const { default: webpush } = await import('web-push');
    // Both halves in one row: two processes starting at once cannot end up with halves of different pairs.
    const stored = await loadOrCreateServerKey(db, SERVER_KEY_NAME, () =>
      JSON.stringify(webpush.generateVAPIDKeys()),
    );
    const pair = JSON.parse(stored) as { publicKey: string; privateKey: string };
    return { ...pair, subject: settings.subject };
  };
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
