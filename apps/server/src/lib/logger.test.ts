import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions, oneLinePerRequest, redactUrl } from './logger.js';

describe('logging', () => {
  it('blanks tokens in URLs', () => {
    expect(redactUrl('/chathub?id=1&access_token=secret')).toBe('/chathub?id=1&access_token=[redacted]');
    expect(redactUrl('/reset-password/new?token=abc#x')).toBe('/reset-password/new?token=[redacted]#x');
    expect(redactUrl('/api/Category')).toBe('/api/Category');
  });

  it('keeps no searched words or typed towns next to the address that asked', () => {
    expect(redactUrl('/api/Marketplace/products?search=pregnancy%20test&latitude=41.9')).toBe(
      '/api/Marketplace/products?search=[redacted]&latitude=41.9',
    );
    expect(redactUrl('/api/Geo/cities?q=Springf&limit=8')).toBe('/api/Geo/cities?q=[redacted]&limit=8');
    expect(redactUrl('/marketplace?category=3')).toBe('/marketplace?category=3');
  });

  it('never writes bearer tokens, passwords or reset tokens', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = Fastify({
      logger: { ...loggerOptions({ logLevel: 'info' }), stream },
      logController: oneLinePerRequest(),
    });
    app.post('/x', async (request) => {
      request.log.info({ body: request.body }, 'handler saw a body');
      return { ok: true };
    });
    await app.inject({
      method: 'POST',
      url: '/x?access_token=tok-in-query',
      headers: { authorization: 'Bearer tok-in-header', cookie: 'sid=cookie-secret' },
      payload: { password: 'Secret123!', newPassword: 'Other123!', token: 'reset-secret' },
    });
    await app.close();
    const output = lines.join('');
    expect(output).toContain('/x?access_token=[redacted]');
    // The handler's own line and one for the request: method, path and status together.
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[1]!)).toMatchObject({
      msg: 'request completed',
      req: { method: 'POST', url: '/x?access_token=[redacted]' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    for (const secret of [
      'tok-in-query',
      'tok-in-header',
      'cookie-secret',
      'Secret123!',
      'Other123!',
      'reset-secret',
    ]) {
      expect(output).not.toContain(secret);
    }
  });
});
