import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@rummage/contract';
import { loadConfig, lintFromString } from '@redocly/openapi-core';
import { serverPackageDir } from '../lib/package-paths.js';
import { buildTestApp, type TestApp } from '../test/app.js';

/**
 * The OpenAPI document is a contract other tools use (client generators, linters): it passes Redocly's
 * recommended rules, and every operation has a stable operationId named after its call (docs/architecture.md).
 */

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  responses?: Record<string, unknown>;
}

let t: TestApp;
let source: string;
let operations: Array<{ key: string; op: Operation }>;

beforeAll(async () => {
  t = await buildTestApp();
  const response = await t.app.inject({ url: `${API.docs}/json` });
  expect(response.statusCode).toBe(200);
  source = response.body;
  const doc = JSON.parse(source) as { paths: Record<string, Record<string, Operation>> };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
  );
});
afterAll(async () => {
  await t?.close();
});

/** `Tag_call`: the operation's tag (the SPEC's controller, `Product`), then the call's camelCase name. */
const CONVENTION = /^([A-Z][A-Za-z]*)_([a-z][A-Za-z]*)$/;

describe('the OpenAPI document', () => {
  it("passes Redocly's recommended rules without an error or a warning", async () => {
    const config = await loadConfig({ configPath: join(serverPackageDir, 'redocly.yaml') });
    const problems = await lintFromString({
      source,
      // The name .redocly.lint-ignore.yaml lists its accepted findings under.
      absoluteRef: join(serverPackageDir, 'openapi.json'),
      config,
    });
    const found = problems
      .filter((problem) => !problem.ignored)
      .map((p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer ?? '?'}: ${p.message}`);
    expect(found).toEqual([]);
  });

  it('gives every operation an operationId, a summary and a security statement', () => {
    const missing = operations.flatMap(({ key, op }) => {
      const lacks = [
        !op.operationId && "operationId (`'Tag_call'`, see docs/architecture.md)",
        !op.summary && 'summary',
        !op.security &&
          'security (`access.signedIn`, `access.optional` or `access.anyone` from plugins/openapi.ts)',
      ].filter(Boolean);
      return lacks.length ? [`${key} has no ${lacks.join(', no ')}`] : [];
    });
    expect(missing, "add these to the route's schema").toEqual([]);
  });

  it('names operations Tag_call, unique, under their own tag', () => {
    const ids = operations.map(({ op }) => op.operationId ?? '');
    const duplicates = ids.filter((id, index) => ids.indexOf(id) !== index);
    expect(duplicates, 'operationIds must be unique').toEqual([]);
    const offConvention = operations
      .filter(({ op }) => {
        const match = CONVENTION.exec(op.operationId ?? '');
        return !match || !op.tags?.includes(match[1]!);
      })
      .map(({ key, op }) => `${key}: ${op.operationId} (tags ${op.tags?.join(', ')})`);
    expect(offConvention, 'operationId must be `<its tag>_<camelCase call>`').toEqual([]);
  });

  it("keeps the SPEC calls' operationIds as clients know them", () => {
    const idOf = (method: string, path: string) =>
      operations.find(({ key }) => key === `${method} ${path.replace(/:(\w+)/g, '{$1}')}`)?.op.operationId;
    // Renaming any of these breaks every generated client: add a new call instead.
    expect({
      register: idOf('POST', API.account.register),
      login: idOf('POST', API.account.login),
      feed: idOf('GET', API.marketplace.products),
      listing: idOf('GET', API.product.item),
      deleteListing: idOf('DELETE', API.product.item),
      addListing: idOf('POST', API.product.add),
      editListing: idOf('PUT', API.product.update),
      sendMessage: idOf('POST', API.message.send),
      chatHistory: idOf('GET', API.message.history),
      profile: idOf('GET', API.user.profileDetails),
      createTicket: idOf('POST', API.support.createTicket),
      banUser: idOf('POST', API.staff.banUser),
      negotiateChat: idOf('POST', '/chathub/negotiate'),
    }).toEqual({
      register: 'Account_register',
      login: 'Account_login',
      feed: 'Marketplace_products',
      listing: 'Product_getById',
      deleteListing: 'Product_delete',
      addListing: 'Product_add',
      editListing: 'Product_update',
      sendMessage: 'Message_send',
      chatHistory: 'Message_history',
      profile: 'User_profileDetails',
      createTicket: 'Support_createTicket',
      banUser: 'Staff_banUser',
      negotiateChat: 'ChatHub_negotiate',
    });
  });

  it('describes every refusal in words, each with a readable `message`', () => {
    const undescribed = operations.flatMap(({ key, op }) =>
      Object.entries(op.responses ?? {})
        .filter(([status]) => Number(status) >= 400)
        .filter(([, answer]) => {
          const { description, content } = answer as {
            description?: string;
            content?: Record<string, { schema?: { properties?: Record<string, unknown> } }>;
          };
          const fields = content?.['application/json']?.schema?.properties ?? {};
          return description === 'Default Response' || !('message' in fields);
        })
        .map(([status]) => `${key} ${status}`),
    );
    expect(undescribed, 'answer errorBodySchema and describe the status in plugins/openapi.ts').toEqual([]);

    const byId = new Map(operations.map(({ op }) => [op.operationId, op]));
    const send = byId.get('Message_send')!;
    expect(send.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(send.responses ?? {})).toEqual(
      expect.arrayContaining(['400', '401', '403', '404', '429']),
    );
    expect((send.responses?.['401'] as { description: string }).description).toMatch(/^Log in first/);
    expect(byId.get('Account_login')!.security).toEqual([]);
    expect(byId.get('Product_getById')!.security).toEqual([{}, { bearerAuth: [] }]);
  });
});
