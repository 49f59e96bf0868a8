import { types, type PGlite } from '@electric-sql/pglite';
import { serialize, type DatabaseError } from 'pg-protocol';
import type { BackendMessage, DataRowMessage, RowDescriptionMessage } from 'pg-protocol/dist/messages.js';
import { Parser } from 'pg-protocol/dist/parser.js';

/*
 * Statements sent to PGlite as protocol messages and their answers read by pg-protocol (pglite-statements.ts;
 * docs/decisions/0016-pglite-answers-read-by-pg-protocol.md).
 */

/** What drizzle's PGlite driver passes for raw rows: timestamps, dates and intervals (and their arrays) stay text. */
const RAW_ROW_PARSERS: Record<number, (value: string) => unknown> = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map(
    (oid) => [oid, (value: string) => value],
  ),
);

/** Per PGlite instance: its type parsers with the raw rows' overrides, merged once. */
const rawRowParsers = new WeakMap<PGlite, PGlite['parsers']>();

/**
 * Protocol messages sent to PGlite in one call, its answer read by node-postgres's protocol parser (pg-protocol)
 * into rows as PGlite's `exec` would hand them over, each value through the same type parsers. PGlite's own reader
 * copies every field into an ArrayBuffer of its own and reaches each of its private fields through a WeakMap (its
 * build lowers them): a CPU profile of the no-location feed page put about half of PGlite's time per page there,
 * more than the statement's run in WebAssembly, and reading it this way took the page from 0.77 to 0.41 ms
 * (docs/benchmarks-history.md, bench/db, 2026-11-28). The same two locks as `exec`, so it never runs inside someone
 * else's transaction.
 */
async function runProtocol(client: PGlite, messages: Buffer): Promise<Record<string, unknown>[]> {
  await client._checkReady();
  let parsers = rawRowParsers.get(client);
  if (!parsers) rawRowParsers.set(client, (parsers = { ...client.parsers, ...RAW_ROW_PARSERS }));
  const rowParsers = parsers;
  let fields: RowDescriptionMessage['fields'] = [];
  const rows: Record<string, unknown>[] = [];
  let failure: DatabaseError | undefined;
  const read = (message: BackendMessage) => {
    if (message.name === 'rowDescription') fields = (message as RowDescriptionMessage).fields;
    else if (message.name === 'dataRow') {
      const values = (message as DataRowMessage).fields;
      const row: Record<string, unknown> = {};
      for (let i = 0; i < fields.length; i++) {
        const field = fields[i]!;
        const value = values[i] ?? null;
        row[field.name] = value === null ? null : types.parseType(value, field.dataTypeID, rowParsers);
      }
      rows.push(row);
    } else if (message.name === 'error') failure ??= message as DatabaseError;
  };
  const parser = new Parser();
  await client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(() =>
      client.execProtocolRawStream(messages, {
        // A view of PGlite's memory, reused for the next chunk: copied, as the parser may keep a message's start.
        onRawData: (chunk) => parser.parse(Buffer.from(chunk), read),
      }),
    ),
  );
  if (failure) throw failure;
  return rows;
}

/** One simple-protocol query (the EXECUTE of a named statement: no parameters, one message). */
export function simpleQuery(client: PGlite, text: string): Promise<Record<string, unknown>[]> {
  return runProtocol(client, serialize.query(text));
}

/**
 * An unnamed statement with its values, in one call as node-postgres sends one: parse, bind, describe, execute,
 * sync. The parameter types are the ones PGlite described for it (`parameterTypes`), as its own `query` would use
 * them, and the values the texts its serializers made; PostgreSQL plans it for these values, as it does any unnamed
 * statement.
 */
export function extendedQuery(
  client: PGlite,
  text: string,
  parameterTypes: number[],
  values: Array<string | null>,
): Promise<Record<string, unknown>[]> {
  return runProtocol(
    client,
    Buffer.concat([
      serialize.parse({ text, types: parameterTypes }),
      serialize.bind({ values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ]),
  );
}
