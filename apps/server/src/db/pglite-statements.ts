import type { PGlite } from '@electric-sql/pglite';
import { fillPlaceholders } from 'drizzle-orm';
import { extendedQuery, simpleQuery } from './pglite-protocol.js';

/*
 * `preparedRows` (client.ts) on PGlite. drizzle's PGlite driver ignores a statement's name, so a named statement is
 * PREPAREd here in SQL, once per PGlite instance, and run by EXECUTE; an unnamed one is sent as protocol messages.
 */

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

/** The parameter types PGlite infers for a statement, and its serializers for them; undefined when it cannot. */
async function describeParameters(
  client: PGlite,
  text: string,
): Promise<{ oids: number[]; serializers: Serializers } | undefined> {
  try {
    const params = (await client.describeQuery(text)).queryParams;
    return {
      oids: params.map((param) => param.dataTypeID),
      serializers: params.map((param) => param.serializer as ((value: unknown) => string) | undefined),
    };
  } catch (error) {
    // A statement PGlite cannot type runs through drizzle for good ("could not determine data type of parameter").
    if (errorCode(error) === '42P18') return undefined;
    throw error;
  }
}

/** Each value as the text PGlite's own binding would send for its parameter's type. */
const parameterTexts = (params: unknown[], values: Record<string, unknown>, serializers: Serializers) =>
  fillPlaceholders(params, values).map((value, i) =>
    value === null || value === undefined ? null : (serializers[i]?.(value) ?? String(value)),
  );

async function pglitePrepare(client: PGlite, name: string, text: string): Promise<Serializers | undefined> {
  // The parameter types PGlite infers for the unnamed statement, written into PREPARE so both agree.
  const described = await describeParameters(client, text);
  if (!described) return undefined;
  const { oids } = described;
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
  return described.serializers;
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
    const texts = parameterTexts(rendered.params, values, serializers);
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

/**
 * On PGlite, an unnamed statement (planned on every call, as a page past the first is) goes as node-postgres sends
 * one, in a single call (pglite-protocol.ts), rather than through drizzle and PGlite's `query`: four calls into
 * PGlite, each answer read by its own reader. Its parameter types are described once; a statement PGlite cannot
 * describe runs through drizzle (`unnamed`), which reports what is wrong with it as it always did.
 */
export function pgliteUnnamed<T>(
  client: PGlite,
  rendered: { sql: string; params: unknown[] },
  unnamed: (values: Record<string, unknown>) => Promise<T[]>,
): (values: Record<string, unknown>) => Promise<T[]> {
  let described: Promise<Awaited<ReturnType<typeof describeParameters>>> | undefined;
  return async (values) => {
    const asked = (described ??= describeParameters(client, rendered.sql));
    const parameters = await asked.catch(() => {
      if (described === asked) described = undefined; // a table not migrated yet: asked again next time
      return undefined;
    });
    if (!parameters) return unnamed(values);
    const texts = parameterTexts(rendered.params, values, parameters.serializers);
    return (await extendedQuery(client, rendered.sql, parameters.oids, texts)) as T[];
  };
}
