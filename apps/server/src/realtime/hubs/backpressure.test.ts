import { describe, expect, it } from 'vitest';
import { API, HUB_METHODS, HUBS, messages } from '@rummage/contract';
import { createProduct } from '../../test/products.js';
import { errorTexts } from '../protocol/framing.js';
import { DEFAULT_HUB_TIMING } from '../protocol/timing.js';
import { useHubTestApp, type HubPerson } from '../test/hub-app.js';
import { RawHubSocket } from '../test/server.js';

/**
 * docs/realtime.md, "Backpressure": on the embedded database (one query at a time) a burst of hub invocations
 * must not hold the process. Not a timing test: it checks that /healthz is answered while the burst is still
 * being worked through, and that every invocation ends with its result or a readable refusal.
 */
const hub = useHubTestApp();

const tooManyAtOnce = (target: string) => errorTexts.hubException(target, messages.common.tooManyAtOnce);
/** One running plus the few that may wait behind it. */
const ACCEPTED_AT_ONCE = 1 + DEFAULT_HUB_TIMING.maxWaitingInvocations;

async function chatSocket(who: HubPerson): Promise<RawHubSocket> {
  const socket = await RawHubSocket.open(hub.server, { path: HUBS.chat, token: who.token });
  await socket.handshake();
  return socket;
}

/** Sends the invocations in one frame, as a client writing them back to back does; answers their ids. */
function fire(socket: RawHubSocket, prefix: string, calls: Array<{ target: string; arguments: unknown[] }>) {
  const records = calls.map((call, index) => ({ type: 1, invocationId: `${prefix}-${index}`, ...call }));
  socket.send(...records);
  return records.map((record) => record.invocationId);
}

const completion = (socket: RawHubSocket, invocationId: string) =>
  socket.until((record) => record.type === 3 && record.invocationId === invocationId);

describe('a burst of hub invocations on PGlite', () => {
  it('refuses what a connection sends beyond the few it may have waiting, readably, and runs the rest in order', async () => {
    const [seller, buyer] = await Promise.all([hub.person(), hub.person()]);
    const productId = await createProduct(hub.t.app, seller.id);
    const socket = await chatSocket(buyer);
    const join = { target: HUB_METHODS.chat.joinChat, arguments: [seller.id, productId] };
    const ids = fire(
      socket,
      'bound',
      Array.from({ length: ACCEPTED_AT_ONCE + 5 }, () => join),
    );

    const answers = await Promise.all(ids.map((id) => completion(socket, id)));
    expect(answers.slice(0, ACCEPTED_AT_ONCE).map((answer) => answer.error)).toEqual(
      Array.from({ length: ACCEPTED_AT_ONCE }, () => undefined),
    );
    expect(answers.slice(ACCEPTED_AT_ONCE).map((answer) => answer.error)).toEqual(
      Array.from({ length: 5 }, () => tooManyAtOnce(HUB_METHODS.chat.joinChat)),
    );
    // Refusals are answered at once, before the invocations that were accepted ahead of them.
    const order = socket.records.filter((record) => record.type === 3).map((record) => record.invocationId);
    expect(order.indexOf(ids.at(-1))).toBeLessThan(order.indexOf(ids[0]));
    // The connection stays usable once its line has cleared.
    fire(socket, 'after', [join]);
    expect((await completion(socket, 'after-0')).error).toBeUndefined();
    socket.close();
  });

  it('keeps answering /healthz while one person’s connections work through hundreds of invocations', async () => {
    const [seller, buyer] = await Promise.all([hub.person(), hub.person()]);
    const productId = await createProduct(hub.t.app, seller.id);
    const sockets = await Promise.all(Array.from({ length: 20 }, () => chatSocket(buyer)));
    const notFound = errorTexts.hubException(HUB_METHODS.chat.joinChat, messages.chat.productNotFound);

    // A third JoinChat to a real chat, a third to listings that do not exist, a third SendMessage: 300 in all.
    const call = (index: number) =>
      [
        { target: HUB_METHODS.chat.joinChat, arguments: [seller.id, productId] },
        { target: HUB_METHODS.chat.joinChat, arguments: [seller.id, 1_000_000_000 + index] },
        {
          target: HUB_METHODS.chat.sendMessage,
          arguments: [seller.id, `burst ${index}`, productId, new Date().toISOString()],
        },
      ][index % 3]!;
    let outstanding = 0;
    const answered = sockets.flatMap((socket, s) =>
      fire(
        socket,
        `burst${s}`,
        Array.from({ length: 15 }, (_, i) => call(s * 15 + i)),
      ).map((id) => {
        outstanding += 1;
        return completion(socket, id).finally(() => (outstanding -= 1));
      }),
    );

    // Probes go out every 20 ms without waiting for earlier answers, as a load balancer's would.
    const probes: Array<Promise<{ status: number; whileBusy: boolean }>> = [];
    const prober = setInterval(() => {
      probes.push(
        fetch(`${hub.server.origin}${API.health.live}`).then(async (response) => {
          await response.arrayBuffer();
          return { status: response.status, whileBusy: outstanding > 0 };
        }),
      );
    }, 20);
    const answers = await Promise.all(answered);
    clearInterval(prober);
    const probed = await Promise.all(probes);

    expect(probed.map((probe) => probe.status).filter((status) => status !== 200)).toEqual([]);
    expect(probed.filter((probe) => probe.whileBusy).length).toBeGreaterThan(0);
    // Every invocation ended with its result or a text a person can read; none failed unexplained.
    const readable = new Set([
      undefined,
      notFound,
      tooManyAtOnce(HUB_METHODS.chat.joinChat),
      tooManyAtOnce(HUB_METHODS.chat.sendMessage),
      // The burst's SendMessages go to a chat the seller never answers: past its first few, the chat limit refuses.
      errorTexts.hubException(HUB_METHODS.chat.sendMessage, messages.chat.unansweredLimited),
    ]);
    expect(answers.map((answer) => answer.error).filter((error) => !readable.has(error as string))).toEqual(
      [],
    );
    expect(answers.filter((answer) => answer.error === undefined).length).toBeGreaterThan(0);
    expect(answers.filter((answer) => answer.error === notFound).length).toBeGreaterThan(0);
    for (const socket of sockets) socket.close();
  });
});
