import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  /** `METHOD /path` as the document writes it (`/api/Product/{id}`). */
  key: string;
  method: string;
  path: string;
  parameters: Parameter[];
  /** The JSON request body's schema, when the route reads JSON. */
  body?: JsonSchema;
  /** The route reads multipart/form-data: the document describes those forms in words, in the summary. */
  multipart: boolean;
  /** What `security` says: a session token required, optional (`{}` among the choices), or not read. */
  security: 'required' | 'optional' | 'none';
  responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

interface Document {
  paths: Record<string, Record<string, Record<string, unknown>>>;
}

function securityOf(requirements: unknown): Operation['security'] {
  if (!Array.isArray(requirements) || requirements.length === 0) return 'none';
  return requirements.some((choice) => Object.keys(choice as object).length === 0) ? 'optional' : 'required';
}

/** Every operation of the app's OpenAPI document. */
export function operations(app: FastifyInstance): Operation[] {
  const doc = app.swagger() as unknown as Document;
  const list: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const requestBody = op.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined;
      list.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        parameters: (op.parameters as Parameter[] | undefined) ?? [],
        body: requestBody?.content?.['application/json']?.schema,
        multipart: /\bmultipart\b/i.test(String(op.summary ?? '')),
        security: securityOf(op.security),
        responses: (op.responses as Operation['responses'] | undefined) ?? {},
      });
    }
  }
  return list;
}

const validators = new Map<JsonSchema, z.ZodType>();

/**
 * Checks a response against what the document promises for its status. Answers a problem in words, or null.
 * A status the operation does not document is a problem too: clients are generated from this document.
 */
export function responseProblem(
  op: Operation,
  response: { statusCode: number; headers: Record<string, unknown>; body: string },
): string | null {
  const documented = op.responses[String(response.statusCode)];
  if (!documented)
    return `status ${response.statusCode} is not documented (${Object.keys(op.responses).join(', ')})`;
  const schema = documented.content?.['application/json']?.schema;
  if (!schema) return null;
  if (!String(response.headers['content-type'] ?? '').startsWith('application/json')) {
    return `content-type ${String(response.headers['content-type'])} instead of JSON`;
  }
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return 'body is not JSON';
  }
  let validator = validators.get(schema);
  if (!validator) {
    validator = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);
    validators.set(schema, validator);
  }
  const result = validator.safeParse(body);
  return result.success
    ? null
    : `body does not match the ${response.statusCode} schema: ${result.error.message}`;
}

/** `/api/Product/{id}` → `/api/Product/:id` (the contract's form, for apiPath). */
export const routePattern = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');
