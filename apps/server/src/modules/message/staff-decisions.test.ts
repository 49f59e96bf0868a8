/**
 * The examples the chat's safety classifier learns again from staff decisions (docs/product.md §16), read from a
 * real database after real chats, bans and report decisions.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productReports, users } from '../../db/schema.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { createUser, signIn } from '../../test/factories.js';
import { createProduct } from '../../test/products.js';
import { ageAccount, chatApi } from './chat.fixtures.js';
import { staffLabelledMessages } from './staff-decisions.repository.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.app.parts.storage.database.db;

/** A seller with a listing, a buyer who asks about it, and the seller's answer. */
async function chatAbout(answer: string) {
  const [seller, buyer] = await Promise.all([createUser(t.app), createUser(t.app)]);
  await Promise.all([ageAccount(t.app, seller.id), ageAccount(t.app, buyer.id)]);
  const productId = await createProduct(t.app, seller.id);
  const chat = chatApi(t.app);
  await chat.sent(await signIn(t.app, buyer), productId, seller.id, 'Is this still available?');
  await chat.sent(await signIn(t.app, seller), productId, buyer.id, answer);
  return { seller, buyer, productId };
}

async function report(productId: number, status: 'open' | 'reviewed' | 'dismissed') {
  const reporter = await createUser(t.app);
  await db()
    .insert(productReports)
    .values({ productId, reporterId: reporter.id, reason: 'Looks odd', status });
}

describe('staff decisions as examples', () => {
  it("counts a seller's messages about a listing whose reports staff dismissed as honest, and nothing else of it", async () => {
    const cleared = await chatAbout('Yes, pick it up Saturday morning, cash is fine');
    await report(cleared.productId, 'dismissed');
    const pending = await chatAbout('Yes, still here, come by after work');
    await report(pending.productId, 'open');
    const clearedThenBanned = await chatAbout('Pay the courier deposit first');
    await report(clearedThenBanned.productId, 'dismissed');
    await db()
      .update(users)
      .set({ bannedAt: new Date(), banReason: 'Scam: courier deposits' })
      .where(eq(users.id, clearedThenBanned.seller.id));

    const examples = await staffLabelledMessages(db());
    const label = (text: string) => examples.filter((example) => example.text === text).map((e) => e.spam);
    expect(label('Yes, pick it up Saturday morning, cash is fine')).toEqual([false]);
    // The buyer's question is not the seller's, and an open report is no decision yet.
    expect(label('Is this still available?')).toEqual([]);
    expect(label('Yes, still here, come by after work')).toEqual([]);
    // A seller banned for scam since: their messages teach spam, never honest.
    expect(label('Pay the courier deposit first')).toEqual([true]);
  });
});
