import { types, type PGlite } from '@electric-sql/pglite';
import { fillPlaceholders } from 'drizzle-orm';
import { serialize, type DatabaseError } from 'pg-protocol';
import type { BackendMessage, DataRowMessage, RowDescriptionMessage } from 'pg-protocol/dist/messages.js';
import { Parser } from 'pg-protocol/dist/parser.js';

/*
 * Named statements on PGlite (`preparedRows` in client.ts): drizzle's PGlite driver ignores a statement's name, so
 * a named statement is PREPAREd here in SQL, once per PGlite instance, and run by EXECUTE.
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
 * One simple-protocol query on PGlite, its answer read by node-postgres's protocol parser (pg-protocol) into rows
 * as PGlite's `exec` would hand them over, each value through the same type parsers. PGlite's own reader copies
 * every field into an ArrayBuffer of its own and reaches each of its private fields through a WeakMap (its build
 * lowers them): a CPU profile of the no-location feed page put about half of PGlite's time per page there, more
 * than the statement's run in WebAssembly, and reading it this way took the page from 0.77 to 0.41 ms
 * (docs/benchmarks.md, bench/db, session 26). The same two locks as `exec`, so it
 * never runs inside someone else's transaction.
 */
async function simpleQuery(client: PGlite, text: string): Promise<Record<string, unknown>[]> {
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
      client.execProtocolRawStream(serialize.query(text), {
        // A view of PGlite's memory, reused for the next chunk: copied, as the parser may keep a message's start.
        onRawData: (chunk) => parser.parse(Buffer.from(chunk), read),
      }),
    ),
  );
  if (failure) throw failure;
  return rows;
}

type Serializers = Array<((value: unknown) => string) | undefined>;

/** A PGlite statement PREPAREd by name, with what turns its values into text as PGlite's own binding does. */
interface PgliteStatement {
  readonly text: string;
  /** Resolves to the serializers of its parameters, or to undefined when it runs unnamed; undefined until asked. */
  ready?: Promise<Serializers | undefined>;
}

/** Per PGlite instance, as PREPARE lives in its one backend: a new instance (a restart) starts with none. */
const pgliteStatements = new WeakMap<PGlite, Map<string, PgliteStatement>>();

const errorCode = (error: unknown): unknown => {
  for (let e = error; e instanceof Error; e = e.cause)
    if ('code' in e && typeof e.code === 'string') return e.code;
  return undefined;
};
/** "prepared statement does not exist" (a DEALLOCATE), "cached plan must not change result type" (a migration). */
const LOST = new Set<unknown>(['26000', '0A000']);

const identifier = (name: string) => `"${name.replaceAll('"', '""')}"`;
/** An E'' literal reads the same whatever standard_conforming_strings says. */
const literal = (text: string) => `E'${text.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;

async function pglitePrepare(client: PGlite, name: string, text: string): Promise<Serializers | undefined> {
  let params;
  try {
    // The parameter types PGlite infers for the unnamed statement, written into PREPARE so both agree.
    params = (await client.describeQuery(text)).queryParams;
  } catch (error) {
    // A statement PGlite cannot type runs unnamed for good ("could not determine data type of parameter").
    if (errorCode(error) === '42P18') return undefined;
    throw error;
  }
  const oids = params.map((param) => param.dataTypeID);
  const { rows } = await client.query<{ names: string }>(
    `select coalesce(string_agg(format_type(oid, null), ', ' order by n), '') as names
       from unnest($1::oid[]) with ordinality as u(oid, n)`,
    [oids],
  );
  const prepare = `prepare ${identifier(name)}${oids.length ? `(${rows[0]?.names})` : ''} as ${text}`;
  try {
    await client.query(prepare);
  } catch (error) {
    // Left from before (a plan whose result type changed): replaced, as only this code PREPAREs on PGlite.
    if (errorCode(error) !== '42P05') throw error;
    await client.query(`deallocate ${identifier(name)}`);
    await client.query(prepare);
  }
  return params.map((param) => param.serializer as ((value: unknown) => string) | undefined);
}

/** PREPAREs once for all calls waiting; a failed attempt is forgotten, so the next call tries again. */
function pgliteReady(
  client: PGlite,
  name: string,
  statement: PgliteStatement,
): Promise<Serializers | undefined> {
  if (statement.ready) return statement.ready;
  const ready = pglitePrepare(client, name, statement.text);
  statement.ready = ready;
  ready.catch(() => {
    if (statement.ready === ready) statement.ready = undefined;
  });
  return ready;
}

/**
 * On PGlite, every call runs `EXECUTE name('…', …)`: PGlite parses the short EXECUTE, not the statement, and uses
 * the plan it keeps. The values are literals because EXECUTE cannot take protocol parameters ("bind message supplies
 * 2 parameters, but prepared statement requires 0"); each is the text PGlite's binding would send, read by the same
 * input function of the same parameter type. A lost statement is PREPAREd again once.
 */
export function pgliteNamed<T>(
  client: PGlite,
  name: string,
  rendered: { sql: string; params: unknown[] },
  unnamed: (values: Record<string, unknown>) => Promise<T[]>,
): (values: Record<string, unknown>) => Promise<T[]> {
  let byName = pgliteStatements.get(client);
  if (!byName) pgliteStatements.set(client, (byName = new Map()));
  let statement = byName.get(name);
  // The same name for another text would run the other statement.
  if (statement && statement.text !== rendered.sql) return unnamed;
  if (!statement) byName.set(name, (statement = { text: rendered.sql }));
  const named = statement;
  const execute = async (values: Record<string, unknown>, serializers: Serializers) => {
    const texts = fillPlaceholders(rendered.params, values).map((value, i) =>
      value === null || value === undefined ? null : (serializers[i]?.(value) ?? String(value)),
    );
    // A NUL would cut the EXECUTE's text short: such a value goes (and fails) the unnamed way.
    if (texts.some((text) => text?.includes('\0'))) return unnamed(values);
    const args = texts.map((text) => (text === null ? 'null' : literal(text))).join(', ');
    const call = `execute ${identifier(name)}${args ? `(${args})` : ''}`;
    // Straight to PGlite in one simple-protocol round trip, not through a drizzle query object made per call
    // (parse, bind and describe messages for a statement without parameters): ~0.2 ms less per feed page
    // (bench/db). Rows come out as drizzle hands over raw rows: dates and intervals as PostgreSQL's text.
    return (await simpleQuery(client, call)) as T[];
  };
  return async (values) => {
    const ready = pgliteReady(client, name, named);
    // A failed PREPARE (a table not migrated yet) lets the unnamed call report the error as it always did.
    const serializers = await ready.catch(() => undefined);
    if (!serializers) return unnamed(values);
    try {
      return await execute(values, serializers);
    } catch (error) {
      if (!LOST.has(errorCode(error))) throw error;
      if (named.ready === ready) named.ready = undefined; // calls that failed together PREPARE once
      const again = await pgliteReady(client, name, named).catch(() => undefined);
      return again ? execute(values, again) : unnamed(values);
    }
  };
}
