import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loggerOptions } from '../../lib/logger.js';
import { TEST_USERS } from '../test/hubs.js';
import { hubClient, negotiate, startHubServer, TRANSPORTS, type HubServer } from '../test/server.js';
import { RECORD_SEPARATOR as RS } from './framing.js';

/** Bearer tokens and connection tokens travel in hub URLs; neither may reach a log line. */
let server: HubServer;
const lines: string[] = [];

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  server = await startHubServer({ logger: { ...loggerOptions({ logLevel: 'info' }), stream } });
});

afterAll(async () => {
  await server.close();
});

it('keeps access tokens and connection tokens out of the logs', async () => {
  for (const [transport] of TRANSPORTS) {
    const connection = hubClient(server, { transport });
    await connection.start();
    await connection.invoke('Echo', 'hello');
    // A failing method is logged, which shows the capture works.
    await connection.invoke('Fail').catch(() => undefined);
    await connection.stop();
  }
  const { connectionToken } = await negotiate(server);
  const url = `${server.origin}/hubs/test?id=${connectionToken}&access_token=${TEST_USERS.alice.token}`;
  await (await fetch(url)).text();
  await (await fetch(url, { method: 'POST', body: `{"protocol":"json","version":1}${RS}` })).text();
  await (await fetch(url, { method: 'DELETE' })).text();

  const log = lines.join('');
  expect(log).toContain('hub method failed');
  expect(log).not.toContain(TEST_USERS.alice.token);
  expect(log).not.toContain(connectionToken);
});
