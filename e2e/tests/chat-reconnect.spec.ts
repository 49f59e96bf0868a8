import { expect, test } from '@playwright/test';
import { DEMO, listingBy, tokenFor } from './people';
import { cuttableLine } from '../../apps/server/src/test/cuttable-line';
import { uniqueName } from './support';

test('a buyer whose connection drops for 3 s sees, once it is back, every message the seller sent meanwhile, once and in order', async ({
  page: buyer,
  request,
}) => {
  const listing = await listingBy(request, DEMO.alice.username);
  const [alice, bob] = await Promise.all([
    tokenFor(request, DEMO.alice.username, DEMO.alice.password),
    tokenFor(request, DEMO.bob.username, DEMO.bob.password),
  ]);
  const send = (token: string, receiverId: number, message: string) =>
    request.post('/api/Message/send', {
      headers: { authorization: `Bearer ${token}` },
      data: { productId: listing.productId, receiverId, message },
    });
  const tag = uniqueName('r');
  expect((await send(bob.authToken, alice.id, `Is the price firm? (${tag})`)).status()).toBe(200);

  // Bob reads the chat through a line the test can cut (his own sign-in, on that line's address).
  const line = await cuttableLine(Number(new URL(test.info().project.use.baseURL!).port));
  try {
    await buyer.goto(`${line.origin}/login`);
    await buyer.getByLabel('username').fill(DEMO.bob.username);
    await buyer.getByLabel('password').fill(DEMO.bob.password);
    await buyer.getByRole('button', { name: 'Log In' }).last().click();
    await buyer.waitForURL('**/user-main');
    await buyer.goto(`${line.origin}/chat/${listing.userId}/${listing.productId}`);
    await expect(buyer.getByText(`Is the price firm? (${tag})`)).toBeVisible();
    await expect(buyer.getByRole('button', { name: 'send', exact: true })).toBeEnabled();

    // The line goes down; the page says so, and Alice answers five times meanwhile.
    line.cut();
    await expect(
      buyer.getByText('Reconnecting… you can send again once the connection is back.'),
    ).toBeVisible();
    const answers = Array.from({ length: 5 }, (_, n) => `Answer ${n + 1} of 5 (${tag})`);
    for (const answer of answers) expect((await send(alice.authToken, bob.id, answer)).status()).toBe(200);
    await buyer.waitForTimeout(3_000);
    line.restore();

    // The client tries again (0, 2, 10 s: the SPEC's delays) and the page reloads what it missed.
    for (const answer of answers) {
      await expect(buyer.getByText(answer, { exact: true })).toHaveCount(1, { timeout: 20_000 });
    }
    await expect(buyer.getByRole('button', { name: 'send', exact: true })).toBeEnabled();
    const shown = await buyer.getByText(new RegExp(`^Answer \\d of 5 \\(${tag}\\)$`)).allTextContents();
    expect(shown).toEqual(answers);
  } finally {
    await line.close();
  }
});
