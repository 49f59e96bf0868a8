import { expect, it } from 'vitest';
import { hubClient, startHubServer, TRANSPORTS } from '../test/server.js';

it('closes with clients on every transport attached, telling them to reconnect elsewhere', async () => {
  const server = await startHubServer();
  const clients = TRANSPORTS.map(([transport]) =>
    hubClient(server, {
      transport,
      // A long first delay: the test only needs to see that a reconnect was started.
      configure: (builder) => builder.withAutomaticReconnect([60_000]),
    }),
  );
  await Promise.all(clients.map((client) => client.start()));
  const reconnecting = clients.map(
    (client) => new Promise<void>((resolve) => client.onreconnecting(() => resolve())),
  );
  await server.close();
  await Promise.all(reconnecting);
  await Promise.all(clients.map((client) => client.stop()));
  expect(clients.map((client) => client.state)).toEqual(['Disconnected', 'Disconnected', 'Disconnected']);
});
