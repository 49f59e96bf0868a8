import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, apiPath } from '@rummage/contract';
import { listenOn } from '../realtime/test/server.js';
import { buildTestApp, type TestApp } from '../test/app.js';
import { createUser } from '../test/factories.js';
import { createProduct } from '../test/products.js';

interface Attribute {
  key: string;
  value: { stringValue?: string; intValue?: string | number };
}
interface ExportedSpan {
  name: string;
  attributes: Attribute[];
}
/** The parts of an OTLP/HTTP JSON export (ExportTraceServiceRequest) this test reads. */
interface TraceExport {
  resourceSpans: Array<{
    resource: { attributes: Attribute[] };
    scopeSpans: Array<{ spans: ExportedSpan[] }>;
  }>;
}

/** A collector's OTLP/HTTP endpoint in miniature: keeps every JSON export POSTed to /v1/traces. */
function startReceiver(): Promise<{ server: Server; url: string; exports: TraceExport[]; paths: string[] }> {
  const exports: TraceExport[] = [];
  const paths: string[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      paths.push(`${request.method} ${request.url} ${request.headers['content-type']}`);
      exports.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as TraceExport);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}`, exports, paths });
    });
  });
}

const text = (attributes: Attribute[], key: string) =>
  attributes.find((attribute) => attribute.key === key)?.value.stringValue;

describe('OpenTelemetry traces with OTEL_EXPORTER_OTLP_ENDPOINT set', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let t: TestApp;
  beforeAll(async () => {
    receiver = await startReceiver();
    t = await buildTestApp({
      OTEL_EXPORTER_OTLP_ENDPOINT: `${receiver.url}/`,
      OTEL_SERVICE_NAME: 'rummage-under-test',
    });
  });
  afterAll(async () => {
    await t?.close().catch(() => undefined);
    receiver?.server.close();
  });

  it('sends a span per request, named by its route pattern, to the collector over HTTP', async () => {
    const { origin } = await listenOn(t.app);
    const seller = await createUser(t.app);
    const id = await createProduct(t.app, seller.id);
    expect((await fetch(`${origin}${apiPath(API.product.item, { id })}`)).status).toBe(200);
    expect((await fetch(`${origin}${API.health.live}`)).status).toBe(200);
    // Closing the app sends what the batch still holds.
    await t.close();

    expect(receiver.paths.length).toBeGreaterThan(0);
    expect(receiver.paths.every((path) => path.startsWith('POST /v1/traces application/json'))).toBe(true);
    const batches = receiver.exports.flatMap((body) => body.resourceSpans);
    expect(batches.map((batch) => text(batch.resource.attributes, 'service.name'))).toContain(
      'rummage-under-test',
    );
    const spans = batches.flatMap((batch) => batch.scopeSpans.flatMap((scope) => scope.spans));
    const routes = spans.map((span) => text(span.attributes, 'http.route')).filter(Boolean);
    expect(routes).toContain(API.product.item);
    // Probes are left out, and no span carries the concrete id where the pattern belongs.
    expect(routes).not.toContain(API.health.live);
    expect(routes).not.toContain(apiPath(API.product.item, { id }));
  });
});

describe('with a collector that never answers', () => {
  it('still answers requests, and closes within its shutdown grace', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer(() => undefined);
    silent.on('connection', (socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const t = await buildTestApp({ OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}` });
    try {
      const { origin } = await listenOn(t.app);
      for (let i = 0; i < 3; i++) expect((await fetch(`${origin}${API.category}`)).status).toBe(200);
      const started = Date.now();
      await t.close();
      // server.ts exits anyway 10 s after SIGTERM; the export gives up after 3 s.
      expect(Date.now() - started).toBeLessThan(8_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });
});
