// The cold-start baseline of bench/coldstart: a bare Fastify process (no plugins, no database) answering the two
// URLs the bench polls with a fixed body. Plain JavaScript run by node, as the built server is.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const page = { data: [], page: 1, pageSize: 12, before: new Date(0).toISOString() };
app.get('/readyz', async () => ({ status: 'ready' }));
app.get('/api/Marketplace/products', async () => page);

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
const stop = () => app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
