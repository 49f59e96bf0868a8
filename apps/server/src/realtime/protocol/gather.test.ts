import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
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
  it('sends a lone frame at the next turn of the loop', async () => {
    const gathering = createFrameGathering({ busy: () => false, budgetMs: 5 });
    const socket = countingSocket();
    gathering.hold(socket);
    socket.write();
    expect(socket.writes).toBe(0);
    await turn();
    expect(socket.writes).toBe(1);
    expect(gathering.held).toBe(0);
  });

  it('gathers a burst of invocations, one per turn, into one write per socket', async () => {
    let queued = 100;
    const gathering = createFrameGathering({ busy: () => queued > 0, budgetMs: 10_000 });
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
    const gathering = createFrameGathering({ busy: () => true, budgetMs: 20 });
    const socket = countingSocket();
    const started = performance.now();
    gathering.hold(socket);
    socket.write();
    while (socket.writes === 0) await turn();
    const held = performance.now() - started;
    expect(held).toBeGreaterThanOrEqual(19);
    expect(held).toBeLessThan(1_000);
  });

  it('lets timers run while it holds frames back', async () => {
    let busy = true;
    const gathering = createFrameGathering({ busy: () => busy, budgetMs: 10_000 });
    const socket = countingSocket();
    gathering.hold(socket);
    socket.write();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(socket.writes).toBe(0); // a timer fired while the frame was held
    busy = false;
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
      const gathering = createFrameGathering({ busy: () => queued > 0, budgetMs: 10_000 });
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
});
