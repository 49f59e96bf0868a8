import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { HUBS } from '@rummage/contract';
import {
  bodyText,
  contentType,
  encodeLoosely,
  junkValue,
  urlFor,
  type FuzzRequest,
  type Hints,
} from './arbitraries.js';
import { formBody, type SampleFiles } from './arbitraries-forms.js';
import { responseProblem, type Operation } from './openapi.js';

/**
 * What both fuzzers (the stateless one per route, fuzz.test.ts, and the stateful one over sequences, fuzz/) build
 * a request from and judge its answer by.
 */

/** The SignalR transport endpoints: they only need to survive junk, their answers are not JSON documents. */
export const isHub = (op: Pick<Operation, 'path'>) =>
  Object.values(HUBS).some((hub) => op.path.startsWith(hub));

const LISTING_FIELDS = ['Title', 'Description', 'Price', 'Latitude', 'Longitude', 'CategoryId'];

type Body = { payload?: string | Buffer; headers: Record<string, string> };

function bodyArb(op: Operation, hints: Hints, files: SampleFiles): fc.Arbitrary<Body> {
  if (op.multipart) {
    // The document describes its forms in words only; these are the fields those words name.
    const photo = op.path.startsWith('/api/User/');
    const fields = photo
      ? ['UserId']
      : op.method === 'PUT'
        ? [...LISTING_FIELDS, 'ProductId', 'ImagesToDelete']
        : LISTING_FIELDS;
    return formBody(fields, photo ? 'ImageFile' : 'Images', files, hints);
  }
  if (op.body) {
    return fc
      .tuple(bodyText(op.body, hints), contentType)
      .map(([payload, type]): Body => ({ payload, headers: type ? { 'content-type': type } : {} }));
  }
  // Routes without a body still get one now and then: it must be ignored or refused, never crash.
  return fc
    .option(
      junkValue.map((value) => JSON.stringify(value) ?? ''),
      { freq: 4 },
    )
    .map((payload): Body =>
      payload === null ? { headers: {} } : { payload, headers: { 'content-type': 'application/json' } },
    );
}

/** A request for an operation: its path, query and body from the document's schemas, valid, boundary or hostile. */
export function requestArb(op: Operation, hints: Hints, files: SampleFiles): fc.Arbitrary<FuzzRequest> {
  let url = urlFor(op, hints);
  if (isHub(op)) {
    url = fc
      .tuple(
        url,
        fc.option(fc.string({ maxLength: 30 })),
        fc.option(fc.constantFrom('0', '1', '2', '-1', 'x')),
      )
      .map(([base, id, version]) => {
        const query = [
          id !== null && `id=${encodeLoosely(id)}`,
          version !== null && `negotiateVersion=${version}`,
        ];
        const text = query.filter(Boolean).join('&');
        return text ? `${base}?${text}` : base;
      });
  }
  return fc.tuple(url, bodyArb(op, hints, files)).map(([path, { payload, headers }]) => ({
    method: op.method,
    url: path,
    headers,
    ...(payload !== undefined && { payload }),
  }));
}

/** Sends a generated request through app.inject, with an Authorization header when given. */
export function send(
  app: FastifyInstance,
  request: FuzzRequest,
  authorization?: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: { ...request.headers, ...(authorization && { authorization }) },
    ...(request.payload !== undefined && { payload: request.payload }),
  });
}

/**
 * What is wrong with an answer, or null: a 5xx, a password hash, or (outside the hubs) a status the document does
 * not list for the operation or a body that does not match that status's schema.
 */
export function answerProblem(op: Operation, response: LightMyRequestResponse): string | null {
  if (response.statusCode >= 500) return `${response.statusCode} ${response.body.slice(0, 300)}`;
  if (response.body.includes('$argon2')) return 'a password hash in the answer';
  if (isHub(op)) return null;
  const problem = responseProblem(op, response);
  return problem && `${response.statusCode}: ${problem}: ${response.body.slice(0, 300)}`;
}

/** A request in one line, cut to a readable length, for a failure message. */
export const describeRequest = (request: FuzzRequest, who: string) =>
  `${request.method} ${request.url.slice(0, 200)} (${who}) body ${String(request.payload ?? '').slice(0, 200)}`;

/** Answers counted by status, printed as `200×5 404×2` after a run. */
export class StatusTally {
  readonly counts = new Map<number, number>();
  sent = 0;
  add(status: number): void {
    this.sent++;
    this.counts.set(status, (this.counts.get(status) ?? 0) + 1);
  }
  toString(): string {
    return [...this.counts]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}×${count}`)
      .join(' ');
  }
}
