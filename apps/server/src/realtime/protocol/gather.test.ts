import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RawHubSocket, startHubServer, type HubServer } from '../test/server.js';
import { TEST_USERS } from '../test/hubs.js';
import { createFrameGathering, type Corkable } from './gather.js';

const turn = () => new Promise((resolve) => setImmediate(resolve));

/** Counts the writes a corked socket would make: one per uncork that had something buffered. */
function countingSocket() {
  const socket = {
    corked: 0,
    buffered: 0,
    writes: 0,
    cork() {
      socket.corked += 1;
    },
    uncork() {
      socket.corked -= 1;
      if (socket.corked === 0 && socket.buffered > 0) {
        socket.writes += 1;
        socket.buffered = 0;
      }
    },
    write() {
      if (socket.corked > 0) socket.buffered += 1;
      else socket.writes += 1;
    },
  };
  return socket;
}

describe('frame gathering', () => {
  it('sends the frame of a lone invocation at once', () => {
    const gathering = createFrameGathering({ invocations: () => 1, budgetMs: 5 });
    const socket = countingSocket();
    gathering.hold(socket);
    socket.write();
    expect(socket.writes).toBe(1);
    expect(gathering.held).toBe(0);
  });

  it('sends a frame written while another invocation runs at the next turn of the loop', async () => {
    let invocations = 2;
    const gathering = createFrameGathering({ invocations: () => invocations, budgetMs: 10_000 });
    const socket = countingSocket();
    gathering.hold(socket);
    socket.write();
    expect(socket.writes).toBe(0);
    invocations = 0;
    await turn();
    expect(socket.writes).toBe(1);
    expect(gathering.held).toBe(0);
  });

  it('gathers a burst of invocations, one per turn, into one write per socket', async () => {
    let queued = 100;
    const gathering = createFrameGathering({ invocations: () => queued, budgetMs: 10_000 });
    const sockets = [countingSocket(), countingSocket(), countingSocket()];
    // Each invocation runs in a turn of its own and writes one frame to every socket, as a broadcast does.
    while (queued > 0) {
      for (const socket of sockets) {
        gathering.hold(socket);
        socket.write();
      }
      queued -= 1;
      await turn();
    }
    await turn();
    expect(sockets.map((socket) => socket.writes)).toEqual([1, 1, 1]);
    expect(gathering.held).toBe(0);
  });

  it('holds nothing longer than its budget while invocations keep coming', async () => {
    const gathering = createFrameGathering({ invocations: () => 2, budgetMs: 20 });
    const socket = countingSocket();
    const started = performance.now();
    gathering.hold(socket);
    socket.write();
    while (socket.writes === 0) await turn();
    const held = performance.now() - started;
    expect(held).toBeGreaterThanOrEqual(19);
    expect(held).toBeLessThan(1_000);
  });

  describe('when releasing takes longer than the budget', () => {
    let clock = 0;
    let invocations = 2;
    let gathering = createFrameGathering({ invocations: () => 0, budgetMs: 20 });
    beforeEach(() => {
      clock = 0;
      invocations = 2;
      gathering = createFrameGathering({
        invocations: () => invocations,
        budgetMs: 20,
        maxBudgetMs: 100,
        now: () => clock,
      });
    });
    /** Sockets whose writes take `writeMs` each (thousands released at once, on a busy machine). */
    const socketsTaking = (count: number, writeMs: number) =>
      Array.from({ length: count }, () => {
        const socket = countingSocket();
        const uncork = socket.uncork.bind(socket);
        socket.uncork = () => {
          clock += writeMs;
          uncork();
        };
        return socket;
      });
    /** How long `sockets`, written to in one gathering, were held. */
    const heldFor = async (sockets: ReturnType<typeof socketsTaking>) => {
      const since = clock;
      let releasedAt = Number.NaN;
      for (const socket of sockets) {
        gathering.hold(socket);
        socket.write();
        const uncork = socket.uncork;
        socket.uncork = () => {
          if (Number.isNaN(releasedAt)) releasedAt = clock;
          uncork();
        };
      }
      while (Number.isNaN(releasedAt)) {
        clock += 1;
        await turn();
      }
      return releasedAt - since;
    };

    it('holds a gathering as long as releasing its sockets is expected to take, up to its ceiling', async () => {
      expect(await heldFor(socketsTaking(1, 10))).toBe(20);
      // A socket took 10 ms to write: five are expected to take 50, and writing them earlier would not be sooner.
      expect(await heldFor(socketsTaking(5, 0))).toBe(50);
      expect(await heldFor(socketsTaking(1, 30))).toBe(20);
      expect(await heldFor(socketsTaking(10, 0))).toBe(100);
    });

    it('holds a few sockets for what they take, not for the last release, and lets go when the burst ends', async () => {
      await heldFor(socketsTaking(4, 25));
      // 25 ms a socket: one socket's gathering is held that long, not for the hundred the last release took.
      expect(await heldFor(socketsTaking(1, 0))).toBe(25);
      await heldFor(socketsTaking(4, 25));
      const [last] = socketsTaking(10, 0);
      gathering.hold(last!);
      last!.write();
      invocations = 0;
      await turn();
      expect(last!.writes).toBe(1);
      invocations = 2;
    });
  });

  it('lets timers run while it holds frames back', async () => {
    let invocations = 2;
    const gathering = createFrameGathering({ invocations: () => invocations, budgetMs: 10_000 });
    const socket = countingSocket();
    gathering.hold(socket);
    socket.write();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(socket.writes).toBe(0); // a timer fired while the frame was held
    invocations = 0;
    await turn();
    await turn();
    expect(socket.writes).toBe(1);
  });

  describe('on a real TCP socket', () => {
    let server: Server | undefined;
    let client: Socket | undefined;
    afterEach(async () => {
      client?.destroy();
      await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
    });

    it('delivers every frame of a gathered burst, in order', async () => {
      const received: Buffer[] = [];
      const accepted = new Promise<Socket>((resolve) => {
        server = createServer(resolve).listen(0, '127.0.0.1');
      });
      await new Promise((resolve) => server!.once('listening', resolve));
      const { port } = server!.address() as { port: number };
      client = connect(port, '127.0.0.1');
      client.on('data', (chunk) => received.push(chunk));
      const socket = await accepted;
      let queued = 50;
      const gathering = createFrameGathering({ invocations: () => queued, budgetMs: 10_000 });
      while (queued > 0) {
        gathering.hold(socket as Corkable);
        socket.write(`${50 - queued};`);
        queued -= 1;
        await turn();
      }
      const expected = Array.from({ length: 50 }, (_, n) => `${n};`).join('');
      while (Buffer.concat(received).length < expected.length) await turn();
      expect(Buffer.concat(received).toString()).toBe(expected);
      socket.destroy();
    });
  });

  describe('on the hub', () => {
    let server: HubServer | undefined;
    afterEach(() => server?.close());

    it('sends a burst of 100 invocations on one connection to each receiver in a few writes', async () => {
      // The product's bound of 8 waiting invocations per connection would refuse most of the burst.
      server = await startHubServer({ timing: { maxWaitingInvocations: 200 } });
      const writes = new Map<Socket, number>();
      // Counts what each upgraded socket hands the kernel: one write or writev per call, however many frames.
      server.app.server.on('upgrade', (_request, socket: Socket) => {
        writes.set(socket, 0);
        const count = () => writes.set(socket, writes.get(socket)! + 1);
        const internals = socket as unknown as Record<'_write' | '_writev', (...args: unknown[]) => void>;
        for (const name of ['_write', '_writev'] as const) {
          const original = internals[name].bind(socket);
          internals[name] = (...args) => {
            count();
            original(...args);
          };
        }
      });
      const tokens = [TEST_USERS.alice.token, TEST_USERS.bob.token, TEST_USERS.bob.token];
      const receivers = await Promise.all(tokens.map((token) => RawHubSocket.open(server!, { token })));
      await Promise.all(receivers.map((receiver) => receiver.handshake()));
      for (const socket of writes.keys()) writes.set(socket, 0);

      const [sender] = receivers;
      // Sent as separate WebSocket frames, as a client sends them; non-blocking, so only the broadcasts come back.
      for (let n = 0; n < 100; n++) sender!.send({ type: 1, target: 'SendToAll', arguments: [`m${n}`] });
      const messages = (receiver: RawHubSocket) => receiver.records.filter((r) => r.target === 'Message');
      await Promise.all(receivers.map((receiver) => receiver.until(() => messages(receiver).length === 100)));

      // Every receiver got the whole burst in order...
      for (const receiver of receivers) {
        expect(messages(receiver).map((r) => (r.arguments as string[])[0])).toEqual(
          Array.from({ length: 100 }, (_, n) => `m${n}`),
        );
      }
      // ...in a few writes each: one per frame would be 100.
      expect([...writes.values()]).toHaveLength(3);
      for (const count of writes.values()) expect(count).toBeLessThanOrEqual(5);
      receivers.forEach((receiver) => receiver.close());
    });
  });
});
