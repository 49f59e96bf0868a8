import fc from 'fast-check';
import { GARAGE_ITEMS } from '@rummage/contract';
import type { Operation, Parameter } from './openapi.js';

type JsonSchema = Record<string, unknown>;

/** Where ids come from, so that valid-looking requests reach the handlers instead of stopping at "not found". */
export interface Hints {
  /** A value for the integer field or parameter `name` (`id`, `productId`, `ids`, `before`…). */
  id(name: string): fc.Arbitrary<unknown>;
  /** Texts known for a field or parameter (the token of an e-mailed link), when there are any for its name. */
  text?(name: string): fc.Arbitrary<string> | undefined;
}

/** Real row ids (listings, people, tickets, sales) known before the run, whatever the field's name. */
export const fixedIds = (ids: number[]): Hints => ({ id: () => fc.constantFrom(...ids) });

/** Names whose integers are row ids: `id`, `productId`, a list of `ids`, a `before` cursor. */
export const isIdName = (name: string) => /ids?$|^before$/i.test(name);

/** A request as app.inject takes it, with the body already serialised (so `__proto__` keys survive). */
export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\uD800',
  '\u202Egnp.exe',
  'İstanbul ǅ ß',
  '💥🧨👩‍👩‍👧‍👦',
  "'; drop table users; --",
  '" or 1=1 --',
  '%00',
  '%',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  '{{7*7}}${7*7}',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '1e309',
  '0x10',
  '9007199254740993',
  '99999999999999999999999999',
  '2024-02-30',
  '25:61:00',
  'true',
  // Full-text search operators past the depth PostgreSQL's query parser allows (32 nested NOTs).
  '-'.repeat(33),
  '- '.repeat(40) + 'lamp',
  '-"'.repeat(40),
  '"-'.repeat(40) + 'or',
  'or '.repeat(40),
  '!'.repeat(40) + '(((((((((((((((((((((((((((((((((((',
] as const;

/** Wrong types, hostile text, huge strings, odd numbers: what a field gets when a client misbehaves. */
export const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(300, 5_000, 70_000).map((length) => 'é'.repeat(length)),
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, 1.5, 2 ** 53 + 2, -(2 ** 63), 1e308, Number.MIN_VALUE),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 8 })), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(fc.integer(), fc.string({ maxLength: 6 })), {
    maxKeys: 3,
  }),
);

/** Fields a client must never be able to set: owners, roles, counters, ids and timestamps. */
export const MASS_ASSIGNMENT_KEYS = [
  'id',
  'userId',
  'ownerId',
  'sellerId',
  'role',
  'isAdmin',
  'views',
  'likesCount',
  'isSold',
  'createdAt',
  'bannedAt',
  'passwordHash',
  'status',
] as const;

const massAssignment = fc.dictionary(fc.constantFrom(...MASS_ASSIGNMENT_KEYS), junkValue, {
  minKeys: 1,
  maxKeys: 4,
});

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const pad = (n: number) => String(n).padStart(2, '0');

function stringFor(schema: JsonSchema, name: string): fc.Arbitrary<string> {
  const minLength = (schema.minLength as number | undefined) ?? 0;
  const maxLength = Math.min((schema.maxLength as number | undefined) ?? 60, 60);
  if (schema.format === 'email' || /email/i.test(name)) return fc.emailAddress();
  if (schema.format === 'date-time') {
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((date) => date.toISOString());
  }
  if (/date$/i.test(name)) return fc.integer({ min: -3, max: 90 }).map(day);
  if (/time$/i.test(name)) {
    return fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45), fc.boolean())
      .map(([h, m, seconds]) => `${pad(h)}:${pad(m)}${seconds ? ':00' : ''}`);
  }
  if (/password/i.test(name)) return fc.constantFrom('Secret123!', 'Another9$', 'Ab1!ab');
  if (/phone/i.test(name)) return fc.constantFrom('(312) 555-0142', '+1 312 555 0100', '3125550199');
  if (name === 'items') {
    return fc.subarray([...GARAGE_ITEMS], { minLength: 1 }).map((items) => items.join(', '));
  }
  if (typeof schema.pattern === 'string') {
    try {
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((text) => text.length >= minLength && text.length <= maxLength);
    } catch {
      // Patterns with lookaheads (the password rule) cannot drive a generator; plain text stands in.
    }
  }
  return fc.string({ unit: 'grapheme', minLength: Math.min(minLength, maxLength), maxLength });
}

/**
 * Now and then a text at the schema's length limits or one past them (a 2,000-character description, 2,001
 * characters), which the plain generator, capped at 60 characters to keep requests small, never reaches.
 */
function withBoundaries(schema: JsonSchema, plain: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const { minLength, maxLength } = schema as { minLength?: number; maxLength?: number };
  const lengths = [minLength, minLength && minLength - 1, maxLength, maxLength && maxLength + 1].filter(
    (length): length is number => typeof length === 'number' && length >= 0,
  );
  if (lengths.length === 0 || schema.format || schema.pattern) return plain;
  const atLimit = fc
    .tuple(fc.constantFrom(...lengths), fc.constantFrom('a', 'é', '💥', ' '))
    .map(([length, unit]) => unit.repeat(length));
  return fc.oneof({ weight: 9, arbitrary: plain }, { weight: 1, arbitrary: atLimit });
}

function numberFor(schema: JsonSchema, name: string, hints: Hints): fc.Arbitrary<unknown> {
  const integer = schema.type === 'integer';
  const exclusive = schema.exclusiveMinimum as number | undefined;
  const min =
    (schema.minimum as number | undefined) ??
    (exclusive !== undefined ? exclusive + (integer ? 1 : 1e-6) : -1e6);
  const max = (schema.maximum as number | undefined) ?? 1e6;
  if (integer && isIdName(name)) {
    return fc.oneof(
      { weight: 4, arbitrary: hints.id(name) },
      { weight: 1, arbitrary: fc.integer({ min: Math.max(min, 1), max: Math.min(max, 2 ** 31 - 1) }) },
    );
  }
  if (integer) {
    // Mostly small, sometimes the extremes the schema allows (page 10000, pageSize 2^53).
    return fc.oneof(
      {
        weight: 4,
        arbitrary: fc.integer({ min: Math.max(min, -1000), max: Math.min(max, Math.max(min, -1000) + 200) }),
      },
      // The limits the schema allows and the integers just past them.
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          min,
          Math.min(max, Number.MAX_SAFE_INTEGER),
          min - 1,
          Math.min(max + 1, 2 ** 53),
        ),
      },
    );
  }
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** A value that (mostly) satisfies a JSON schema from the OpenAPI document. */
export function validValue(schema: JsonSchema, name: string, hints: Hints): fc.Arbitrary<unknown> {
  const anyOf = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (anyOf) return fc.oneof(...anyOf.map((option) => validValue(option, name, hints)));
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.type)) {
    return fc.oneof(...(schema.type as string[]).map((type) => validValue({ ...schema, type }, name, hints)));
  }
  switch (schema.type) {
    case 'string': {
      const plain = withBoundaries(schema, stringFor(schema, name));
      const known = hints.text?.(name);
      return known ? fc.oneof({ weight: 3, arbitrary: known }, { weight: 1, arbitrary: plain }) : plain;
    }
    case 'integer':
    case 'number':
      return numberFor(schema, name, hints);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(validValue((schema.items as JsonSchema | undefined) ?? {}, name, hints), {
        maxLength: 4,
      });
    case 'object': {
      const properties = (schema.properties as Record<string, JsonSchema> | undefined) ?? {};
      const model = Object.fromEntries(
        Object.entries(properties).map(([key, property]) => [key, validValue(property, key, hints)]),
      );
      return fc.record(model, { requiredKeys: (schema.required as string[] | undefined) ?? [] });
    }
    default:
      return junkValue;
  }
}

/** One field swapped for junk, or a required one dropped. */
function mutated(schema: JsonSchema, hints: Hints): fc.Arbitrary<unknown> {
  const keys = Object.keys((schema.properties as object | undefined) ?? {});
  if (keys.length === 0) return junkValue;
  return fc
    .tuple(validValue(schema, '', hints), fc.constantFrom(...keys), junkValue, fc.boolean())
    .map(([value, key, junk, drop]) => {
      const copy = { ...(value as object) } as Record<string, unknown>;
      if (drop) delete copy[key];
      else copy[key] = junk;
      return copy;
    });
}

const objectSchema = (schema: JsonSchema): JsonSchema =>
  (schema.anyOf as JsonSchema[] | undefined)?.find((option) => option.type === 'object') ?? schema;

/** `__proto__` / `constructor.prototype` written into the JSON text itself (an object literal would drop them). */
const POLLUTION = [
  '"__proto__":{"role":"admin","isAdmin":true}',
  '"constructor":{"prototype":{"role":"admin"}}',
  '"__proto__":null',
];

/** A JSON body for an operation: valid, mutated, mass-assigning, prototype-polluting or plain junk text. */
export function bodyText(schema: JsonSchema, hints: Hints): fc.Arbitrary<string> {
  const shape = objectSchema(schema);
  const stringify = (value: unknown) => JSON.stringify(value) ?? 'null';
  return fc.oneof(
    { weight: 5, arbitrary: validValue(schema, '', hints).map(stringify) },
    { weight: 3, arbitrary: mutated(shape, hints).map(stringify) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(validValue(shape, '', hints), massAssignment)
        .map(([value, extra]) => stringify({ ...(value as object), ...extra })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(validValue(shape, '', hints), fc.constantFrom(...POLLUTION))
        .map(([value, pollution]) => {
          const text = stringify(value);
          return text.startsWith('{')
            ? `{${pollution}${text.length > 2 ? ',' : ''}${text.slice(1)}`
            : `{${pollution}}`;
        }),
    },
    {
      weight: 1,
      arbitrary: fc.oneof(
        junkValue.map(stringify),
        fc.constantFrom(
          '',
          '{',
          '{"a":',
          '[]',
          '"text"',
          '{"a":1}trailing',
          '\u0000',
          '{"a":1,"a":2}',
          '1e999',
        ),
        fc.string({ maxLength: 30 }),
      ),
    },
  );
}

export const contentType: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 12, arbitrary: fc.constant('application/json') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/xml',
      undefined,
    ),
  },
);

/** encodeURIComponent, except that a lone surrogate becomes the invalid UTF-8 a careless client would send. */
export function encodeLoosely(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return text.replace(/[\uD800-\uDFFF]/g, '%ED%A0%80').replace(/[^%\w.~-]/g, (c) => {
      try {
        return encodeURIComponent(c);
      } catch {
        return '%ED%A0%80';
      }
    });
  }
}

const paramText = (parameter: Parameter, hints: Hints): fc.Arbitrary<string> =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: validValue(parameter.schema, parameter.name, hints).map((value) => String(value)),
    },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_STRINGS).filter((text) => text.trim() !== '') },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }) },
    // Past the router's maxParamLength (500).
    { weight: 1, arbitrary: fc.constantFrom('9'.repeat(600), 'é'.repeat(400)) },
  );

/**
 * Path with its parameters filled (URL-encoded) and a query string: a third of the time only documented keys with
 * schema-valid values (a request as the app's own client sends it), else documented, junk and polluting keys.
 */
export function urlFor(op: Operation, hints: Hints): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 1, arbitrary: validUrl(op, hints) },
    { weight: 2, arbitrary: mixedUrl(op, hints) },
  );
}

const fillPath = (op: Operation, pathParams: Parameter[], values: string[]) =>
  pathParams.reduce(
    (url, parameter, index) => url.replace(`{${parameter.name}}`, encodeLoosely(values[index]!)),
    op.path,
  );

function validUrl(op: Operation, hints: Hints): fc.Arbitrary<string> {
  const pathParams = op.parameters.filter((parameter) => parameter.in === 'path');
  const queryParams = op.parameters.filter((parameter) => parameter.in === 'query');
  const value = (parameter: Parameter) =>
    validValue(parameter.schema, parameter.name, hints).map((each) => String(each));
  const query = fc.tuple(
    ...queryParams.map((parameter) =>
      parameter.required ? value(parameter) : fc.option(value(parameter), { freq: 2 }),
    ),
  );
  return fc.tuple(fc.tuple(...pathParams.map(value)), query).map(([values, queryValues]) => {
    const pairs = queryParams.flatMap((parameter, index) => {
      const each = queryValues[index];
      return each === null || each === undefined ? [] : [`${parameter.name}=${encodeLoosely(each)}`];
    });
    const url = fillPath(op, pathParams, values);
    return pairs.length ? `${url}?${pairs.join('&')}` : url;
  });
}

function mixedUrl(op: Operation, hints: Hints): fc.Arbitrary<string> {
  const pathParams = op.parameters.filter((parameter) => parameter.in === 'path');
  const queryParams = op.parameters.filter((parameter) => parameter.in === 'query');
  const path = fc
    .tuple(...pathParams.map((parameter) => paramText(parameter, hints)))
    .map((values) => fillPath(op, pathParams, values));
  const pairs = fc
    .tuple(
      ...queryParams.map((parameter) =>
        fc.option(
          fc.oneof(
            { weight: 5, arbitrary: paramText(parameter, hints).map((value) => [value]) },
            // HTTP parameter pollution: the same key twice.
            { weight: 1, arbitrary: fc.tuple(paramText(parameter, hints), paramText(parameter, hints)) },
          ),
          { freq: 3 },
        ),
      ),
      fc.option(
        fc.constantFrom('__proto__[role]=admin', 'constructor[prototype][x]=1', 'unknown=1', '&&=&'),
        {
          freq: 6,
        },
      ),
    )
    .map((values) => {
      const extra = values.pop() as string | null;
      const parts = (values as Array<string[] | null>).flatMap((value, index) =>
        value === null ? [] : value.map((v) => `${queryParams[index]!.name}=${encodeLoosely(v)}`),
      );
      if (extra) parts.push(extra);
      return parts.join('&');
    });
  return fc.tuple(path, pairs).map(([url, query]) => (query ? `${url}?${query}` : url));
}
