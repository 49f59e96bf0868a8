import { vi } from 'vitest';
import axe from 'axe-core';
import type { CitySuggestion } from '@rummage/contract';

/** Suggestions as the Geo endpoint returns them ("City, ST"), plus one with ", USA" to check stripping. */
export function cities(count: number): CitySuggestion[] {
  return Array.from({ length: count }, (_, index) => ({
    name: `Springfield ${index}`,
    state: 'IL',
    region: 'IL',
    country: 'US',
    countryName: 'United States',
    label: index === 0 ? 'Springfield, IL, USA' : `Springfield ${index}, IL`,
    latitude: 39.78 + index,
    longitude: -89.65 - index,
    population: 100_000 - index,
  }));
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export interface FetchCall {
  url: URL;
  signal: AbortSignal | undefined;
  headers: Headers;
}

/**
 * Replaces `fetch` (the network boundary only) with a router over pathname; records every call with
 * its abort signal so tests can check that stale look-ups are cancelled.
 */
export function mockFetch(routes: Record<string, (url: URL) => Response | Promise<Response>>) {
  const calls: FetchCall[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push({ url, signal: init?.signal ?? undefined, headers: new Headers(init?.headers) });
    const handler = routes[url.pathname];
    if (!handler) return jsonResponse({ message: 'not found' }, 404);
    return handler(url);
  });
  vi.stubGlobal('fetch', fn);
  return { fn, calls };
}

/** Serious and critical axe-core findings; jsdom cannot compute colour contrast, so that rule is off. */
export async function seriousA11yViolations(root: Element = document.body): Promise<string[]> {
  const result = await axe.run(root, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}
