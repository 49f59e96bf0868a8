/**
 * The response-header rule (docs/security.md, "Response headers"), written out here rather than imported from
 * plugins/security.ts so that a change there has to change this too. The test app serves plain http
 * (PUBLIC_URL http://…), so no answer carries Strict-Transport-Security.
 */

/** Every security header the server may set; a JSON answer carries exactly JSON_ANSWER of them. */
const SECURITY_HEADERS = [
  'content-security-policy',
  'cross-origin-embedder-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

export const JSON_ANSWER: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
};

/** What a page (and any other answer that is not JSON) carries beyond the page's own CSP. */
export const PAGE: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

type Headers = Record<string, unknown>;

const securityHeadersOf = (headers: Headers) =>
  Object.fromEntries(
    SECURITY_HEADERS.filter((name) => headers[name] !== undefined).map((name) => [
      name,
      String(headers[name]),
    ]),
  );

/** The rule broken by an answer's headers, in words, or null. */
export function responseHeadersProblem(response: { headers: Headers }): string | null {
  const sent = securityHeadersOf(response.headers);
  if (String(response.headers['content-type'] ?? '').startsWith('application/json')) {
    const same =
      JSON.stringify(Object.entries(sent).sort()) === JSON.stringify(Object.entries(JSON_ANSWER).sort());
    return same
      ? null
      : `a JSON answer carries ${JSON.stringify(sent)} instead of ${JSON.stringify(JSON_ANSWER)}`;
  }
  const missing = Object.entries(PAGE).filter(([name, value]) => sent[name] !== value);
  if (missing.length > 0)
    return `a ${String(response.headers['content-type'])} answer lacks ${JSON.stringify(missing)}`;
  return /default-src 'self'/.test(sent['content-security-policy'] ?? '')
    ? null
    : `a ${String(response.headers['content-type'])} answer lacks the page CSP`;
}
