import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { API, messages, type Role } from '@rummage/contract';
import { conversationMembers, products, supportTickets, users } from '../src/db/schema.js';
import { createSessionService } from '../src/modules/account/session.service.js';
import { ageAccount, chatApi } from '../src/modules/message/chat.fixtures.js';
import { buildTestApp, type TestApp } from '../src/test/app.js';
import { bearer, createUser, type TestUser } from '../src/test/factories.js';
import { createGarageSale } from '../src/test/garages.js';
import { createProduct } from '../src/test/products.js';

/** Who makes a call in the matrix. */
export type Caller = 'visitor' | 'other' | 'staff' | 'admin' | 'owner';

export interface Principal {
  user: TestUser;
  token: string;
}

/**
 * One community for the security files: an owner with a listing, a garage sale, an open support ticket and a chat
 * with a buyer; another plain user; staff; an admin. The secrets are texts only the owner's side (and, for the
 * ticket and the e-mail, staff) may ever read: a response to anyone else that contains one is a leak.
 */
export interface World {
  t: TestApp;
  app: FastifyInstance;
  owner: Principal;
  buyer: Principal;
  other: Principal;
  staff: Principal;
  admin: Principal;
  productId: number;
  garageId: number;
  ticketId: number;
  secrets: { chat: string; ticket: string; email: string };
  /** A fresh bearer token for a user, without an argon2 login (logout ends one per call). */
  session(userId: number): Promise<string>;
  /** The Authorization header of a caller (none for visitors). */
  headersOf(caller: Caller): Record<string, string>;
  principal(caller: Exclude<Caller, 'visitor'>): Principal;
}

export const marker = (label: string) => `${label}-${randomBytes(6).toString('hex')}`;

/** Builds the app (env on top of the test defaults) and the community above. Close with `world.t.close()`. */
export async function buildWorld(env: Record<string, string> = {}): Promise<World> {
  const t = await buildTestApp(env);
  const app = t.app;
  const sessions = createSessionService(app.parts.storage.database.db);
  const session = (userId: number) => sessions.open(userId, {});
  const principal = async (role: Role = 'user'): Promise<Principal> => {
    const user = await createUser(app, { role, email: `${marker('person')}@example.test` });
    // New accounts may start only a few chats an hour; these people are regulars.
    await ageAccount(app, user.id);
    return { user, token: await session(user.id) };
  };
  const [owner, buyer, other, staff, admin] = [
    await principal(),
    await principal(),
    await principal(),
    await principal('staff'),
    await principal('admin'),
  ];
  const secrets = { chat: marker('chat-secret'), ticket: marker('ticket-secret'), email: owner.user.email };

  const productId = await createProduct(app, owner.user.id, { title: 'Owner lamp' });
  await chatApi(app).sent(buyer.token, productId, owner.user.id, `Is it still there? ${secrets.chat}`);
  const garageId = await createGarageSale(app, owner.user.id);
  const ticket = await app.inject({
    method: 'POST',
    url: API.support.createTicket,
    headers: bearer(owner.token),
    payload: { subject: 'something-else', message: `My question: ${secrets.ticket}` },
  });
  if (ticket.statusCode !== 201) throw new Error(`ticket answered ${ticket.statusCode}: ${ticket.body}`);
  const ticketId = ticket.json<{ data: { id: number } }>().data.id;

  const byCaller = { owner, other, staff, admin };
  return {
    t,
    app,
    owner,
    buyer,
    other,
    staff,
    admin,
    productId,
    garageId,
    ticketId,
    secrets,
    session,
    headersOf: (caller) => (caller === 'visitor' ? {} : bearer(byCaller[caller].token)),
    principal: (caller) => byCaller[caller],
  };
}

/** The texts a person may be shown: every contract message, with `{placeholders}` matching anything. */
const READABLE: RegExp[] = (() => {
  const texts: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === 'string') texts.push(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(messages);
  const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  return texts.map((text) => new RegExp(`^${escape(text).replace(/\\?\{\w+\\?\}/g, '[\\s\\S]*')}$`));
})();

/** A refusal a person can read: a contract message, not a developer's or a framework's wording. */
export function isReadableMessage(message: unknown): boolean {
  return typeof message === 'string' && READABLE.some((pattern) => pattern.test(message));
}

/** Row snapshots for "a refused write changed nothing". */
export const rows = {
  async product(app: FastifyInstance, id: number) {
    return app.parts.storage.database.db.select().from(products).where(eq(products.id, id));
  },
  async user(app: FastifyInstance, id: number) {
    return app.parts.storage.database.db.select().from(users).where(eq(users.id, id));
  },
  async ticket(app: FastifyInstance, id: number) {
    return app.parts.storage.database.db.select().from(supportTickets).where(eq(supportTickets.id, id));
  },
  async chatMembers(app: FastifyInstance, userId: number) {
    return app.parts.storage.database.db
      .select()
      .from(conversationMembers)
      .where(eq(conversationMembers.userId, userId));
  },
};
