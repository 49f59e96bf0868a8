import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IdPools, noun, nounOfField, resourceOf } from './pools.js';

/** Which pool an answer's ids go to and a request's ids come from, on the document's own names. */
describe('id pools', () => {
  it('name a field, an object or a path by the thing it counts', () => {
    expect(
      ['otherUserId', 'sellerId', 'reservedForId', 'UserId'].map((name) => nounOfField(name, { path: '' })),
    ).toEqual(['user', 'user', 'user', 'user']);
    expect(['garageSales', 'savedSearches', 'categories', 'listings', 'heldMessage'].map(noun)).toEqual([
      'garagesale',
      'savedsearch',
      'category',
      'product',
      'heldmessage',
    ]);
    expect(
      [
        '/api/Product/{id}',
        '/api/Marketplace/products',
        '/api/Staff/held-messages/{heldMessageId}/release',
        '/api/User/profile-details/{userId}',
        '/api/Account/user-login',
        '/api/Support/create-ticket',
        '/api/SavedSearch/{id}/seen',
      ].map(resourceOf),
    ).toEqual(['product', 'product', 'heldmessage', 'user', 'user', 'ticket', 'savedsearch']);
  });

  it('fill a request from the answers before it, the ids of one object together, with who saw them', () => {
    const pools = new IdPools();
    pools.harvest(
      { path: '/api/Marketplace/products' },
      { data: [{ id: 7, sellerId: 3, title: 'Lamp' }] },
      9,
    );
    pools.harvest(
      { path: '/api/Account/me' },
      { data: { id: 4, userName: 'ann', email: 'ann@example.test' } },
    );
    const hints = pools.hintsFor({ path: '/api/Message/send' });
    const [productId, receiverId, email] = fc.sample(
      fc.tuple(hints.id('productId'), hints.id('receiverId'), hints.text!('email')!),
      { seed: 1, numRuns: 1 },
    )[0]!;
    const { texts, viewer } = pools.resolve([JSON.stringify({ productId, receiverId, email })]);
    const sent = JSON.parse(texts[0]!) as Record<string, unknown>;
    expect(sent).toEqual({ productId: 7, receiverId: expect.any(Number), email: 'ann@example.test' });
    // From the listing's record (its seller, and the person it was shown to), or else from the pool of people.
    if (viewer === 9) expect(sent.receiverId).toBe(3);
    else expect([3, 4]).toContain(sent.receiverId);
  });
});
