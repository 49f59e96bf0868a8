import { connect, createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP proxy in front of a server that can cut the line, as a train tunnel or a flaky Wi-Fi does: every open
 * connection is reset at once. A client connected through `origin` then loses its connection for real (it sees
 * the socket die, not a test switch). The browser journeys (e2e) and the protocol tests use it.
 */
export interface CuttableLine {
  origin: string;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export interface CuttableLineOptions {
  /**
   * What a new connection meets while the line is down: `refuse` resets it at once (the client tries again on its
   * own schedule); `hold` keeps it waiting and carries it through once the line is back, as TCP's retries of a
   * connection attempt do across a short outage.
   */
  whileDown?: 'refuse' | 'hold';
}

export async function cuttableLine(
  targetPort: number,
  { whileDown = 'refuse' }: CuttableLineOptions = {},
): Promise<CuttableLine> {
  const open = new Set<Socket>();
  const held: Socket[] = [];
  let down = false;
  const carry = (client: Socket) => {
    if (client.destroyed) return;
    const upstream = connect(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) open.add(socket);
    const end = () => {
      for (const socket of [client, upstream]) {
        socket.destroy();
        open.delete(socket);
      }
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  };
  const server = createServer((client) => {
    if (!down) return carry(client);
    if (whileDown === 'refuse') return client.resetAndDestroy();
    // Paused: what the client writes meanwhile (its upgrade request) waits in the socket for the upstream.
    client.pause();
    client.on('error', () => client.destroy());
    held.push(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    cut() {
      down = true;
      for (const socket of open) socket.resetAndDestroy();
      open.clear();
    },
    restore() {
      down = false;
      for (const client of held.splice(0)) {
        carry(client);
        client.resume();
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of [...open, ...held.splice(0)]) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
