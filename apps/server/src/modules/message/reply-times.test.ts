import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations } from '../../db/schema.js';
import { freshDatabase } from '../../test/app.js';
import { insertUser } from '../account/account.repository.js';
import { ensureConversation, insertMessage } from './message-sending.repository.js';

type Fresh = Awaited<ReturnType<typeof freshDatabase>>;
let fresh: Fresh;
beforeAll(async () => {
  fresh = await freshDatabase();
  const person = async (username: string) =>
    (
      await insertUser(fresh.handle.db, {
        username,
        email: `${username}@example.test`,
        passwordHash: 'not a password anyone can use',
        role: 'user',
        phoneE164: null,
        address: 'Chicago, IL',
        latitude: 41.8781,
        longitude: -87.6298,
        termsAcceptedAt: new Date(),
        bannedAt: null,
        emailVerifiedAt: new Date(),
      })
    ).id;
  BUYER = await person('replybuyer');
  SELLER = await person('replyseller');
});
afterAll(async () => {
  await fresh?.handle.close();
  await fresh?.drop();
});

let BUYER = 0;
let SELLER = 0;
const minute = (n: number) => new Date(Date.UTC(2026, 10, 1, 12, n));

/** What the chat keeps, and the same two times read from its messages, as a profile once read them. */
async function replyTimes(conversationId: number) {
  const { db } = fresh.handle;
  const [kept] = await db
    .select({ asked: conversations.askedAt, answered: conversations.answeredAt })
    .from(conversations)
    .where(eq(conversations.id, conversationId));
  const result = await db.execute(sql`
    select q.asked, (select min(m.created_at) from chat_messages m
        where m.conversation_id = c.id and m.sender_id = c.seller_id and m.created_at >= q.asked) as answered
    from conversations c
    cross join lateral (select min(m.created_at) as asked from chat_messages m
      where m.conversation_id = c.id and m.sender_id = c.buyer_id) q
    where c.id = ${conversationId}`);
  const [read] = (result as unknown as { rows: Array<{ asked: unknown; answered: unknown }> }).rows;
  const time = (value: unknown) => (value === null ? null : new Date(value as string).toISOString());
  return {
    kept: { asked: time(kept?.asked ?? null), answered: time(kept?.answered ?? null) },
    read: { asked: time(read?.asked ?? null), answered: time(read?.answered ?? null) },
  };
}

describe("a chat's reply time", () => {
  it('keeps the first question and the first answer after it as the messages arrive, in any order', async () => {
    const { db } = fresh.handle;
    const id = await ensureConversation(db, { productId: 77, buyerId: BUYER, sellerId: SELLER });
    const send = async (sender: number, at: number) => {
      await insertMessage(db, id, sender, `at ${at}`, null, minute(at));
      const times = await replyTimes(id);
      expect(times.kept).toEqual(times.read);
      return times.kept;
    };
    // The seller writing first is no answer; nor is anything before a question.
    expect(await send(SELLER, 5)).toEqual({ asked: null, answered: null });
    expect(await send(BUYER, 10)).toEqual({ asked: minute(10).toISOString(), answered: null });
    expect(await send(BUYER, 12)).toEqual({ asked: minute(10).toISOString(), answered: null });
    expect(await send(SELLER, 30)).toEqual({
      asked: minute(10).toISOString(),
      answered: minute(30).toISOString(),
    });
    expect((await send(SELLER, 40)).answered).toBe(minute(30).toISOString());
    // A held message released by staff keeps its earlier time: the buyer's question now came first, at 3, and the
    // seller's message at 5 answered it.
    expect(await send(BUYER, 3)).toEqual({
      asked: minute(3).toISOString(),
      answered: minute(5).toISOString(),
    });
    // A held answer of the seller's, earlier than the one known, is the answer.
    expect((await send(SELLER, 4)).answered).toBe(minute(4).toISOString());
  });

  it('is filled in for the chats of before by the migration that added it', async () => {
    const { db } = fresh.handle;
    const id = await ensureConversation(db, { productId: 78, buyerId: BUYER, sellerId: SELLER });
    for (const [sender, at] of [
      [SELLER, 1],
      [BUYER, 2],
      [SELLER, 9],
    ] as const)
      await insertMessage(db, id, sender, `at ${at}`, null, minute(at));
    await db.update(conversations).set({ askedAt: null, answeredAt: null }).where(eq(conversations.id, id));
    const migration = readFileSync(
      new URL('../../db/migrations/0023_conversation_reply_times.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration.split('--> statement-breakpoint').at(-1)!;
    await db.execute(sql.raw(backfill));
    const times = await replyTimes(id);
    expect(times.kept).toEqual({ asked: minute(2).toISOString(), answered: minute(9).toISOString() });
    expect(times.kept).toEqual(times.read);
  });
});
