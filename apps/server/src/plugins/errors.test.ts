import Fastify from 'fastify';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { messages } from '@rummage/contract';
import { HttpError } from '../lib/http-error.js';
import { errorsPlugin, OUTAGE_RETRY_AFTER_SECONDS, toErrorAnswer } from './errors.js';

const common = messages.common;
/** How drizzle 0.45 wraps a driver error: the driver's error (with its code) sits in `cause`. */
const wrapped = (cause: object) => Object.assign(new Error('Failed query: select 1'), { cause });

describe('toErrorAnswer', () => {
  it('passes HttpError through with its field messages', () => {
    expect(toErrorAnswer(new HttpError(409, 'taken', { userName: 'taken' }))).toEqual({
      status: 409,
      body: { message: 'taken', errors: { userName: 'taken' } },
    });
  });

  it('maps database input errors to 4xx, never 500', () => {
    expect(toErrorAnswer(wrapped({ code: '23505' })).status).toBe(409);
    expect(toErrorAnswer(wrapped({ code: '22P02' })).status).toBe(400);
    expect(toErrorAnswer(wrapped({ code: '22003' })).status).toBe(400);
    expect(toErrorAnswer(wrapped({ code: '23503' })).status).toBe(400);
  });

  it('treats a client that hung up mid-body as its own fault, while a reset database connection stays a 503', () => {
    // What node:http raises on the request stream when the client goes away (or REQUEST_TIMEOUT_MS cuts it).
    const aborted = Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
    expect(toErrorAnswer(aborted)).toEqual({ status: 400, body: { message: common.invalidRequest } });
    const databaseReset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    expect(toErrorAnswer(databaseReset).status).toBe(503);
  });

  it('answers 503 when the database cannot be reached', () => {
    for (const error of [
      wrapped({ code: 'ECONNREFUSED' }),
      wrapped({ code: '57P01' }),
      new Error('timeout exceeded when trying to connect'),
      // PostgreSQL went away mid-request (faults suite): node-postgres gives these no code, drizzle wraps them.
      wrapped(new Error('Connection terminated unexpectedly')),
      wrapped(new Error('Client has encountered a connection error and is not queryable')),
    ]) {
      expect(toErrorAnswer(error)).toEqual({ status: 503, body: { message: common.serviceUnavailable } });
    }
  });

  it('hides everything else behind a generic 500', () => {
    const answer = toErrorAnswer(new TypeError("Cannot read properties of undefined (reading 'x')"));
    expect(answer).toEqual({ status: 500, body: { message: common.serverError } });
    expect(toErrorAnswer('a thrown string').status).toBe(500);
    expect(toErrorAnswer(undefined).status).toBe(500);
  });

  it('keeps 4xx statuses that plugins set, with the common wording', () => {
    expect(toErrorAnswer(Object.assign(new Error('x'), { statusCode: 405 }))).toEqual({
      status: 405,
      body: { message: common.invalidRequest },
    });
    expect(toErrorAnswer(Object.assign(new Error('x'), { statusCode: 429 })).body.message).toBe(
      common.tooManyRequests,
    );
  });
});

describe('an outage', () => {
  it('answers every request with a 503 and Retry-After, and logs it once per interval, not once per request', async () => {
    const lines: Array<{ level: number; msg: string; refused?: number }> = [];
    const app = Fastify({
      logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    });
    await app.register(errorsPlugin);
    // A real driver against a port nothing listens on: the database is down as a person would find it.
    const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/rummage', max: 1 });
    app.get('/listings', async () => (await pool.query('select 1')).rows);
    try {
      for (let i = 0; i < 5; i++) {
        const response = await app.inject({ url: '/listings' });
        expect(response.statusCode).toBe(503);
        expect(response.headers['retry-after']).toBe(String(OUTAGE_RETRY_AFTER_SECONDS));
        expect(response.json()).toEqual({ message: common.serviceUnavailable });
      }
      const errors = lines.filter((line) => line.level >= 50);
      expect(errors).toHaveLength(1);
      expect(errors[0]!.msg).toContain('unavailable');
    } finally {
      await app.close();
      await pool.end();
    }
  });
});
