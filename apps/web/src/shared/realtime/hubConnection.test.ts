import { describe, expect, it, vi } from 'vitest';
import { HUBS } from '@rummage/contract';
import { redactSecrets } from './hubClient';
import { bareToken, createHubConnection } from './hubConnection';

describe('hub connection (real SignalR client, no server)', () => {
  it('negotiates at the hub path with the bare bearer token and logs no secret', async () => {
    const requests: { url: string; authorization: string | null }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
        requests.push({ url: String(input), authorization: new Headers(init.headers).get('Authorization') });
        return new Response(JSON.stringify({ error: 'Hub refused in test' }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    const lines: string[] = [];
    for (const method of ['info', 'warn', 'error', 'log', 'debug'] as const)
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void lines.push(args.join(' ')));

    const connection = createHubConnection(HUBS.chat, () => 'Bearer secret-abc');
    await expect(connection.start()).rejects.toThrow('Hub refused in test');

    expect(requests).toHaveLength(1);
    expect(new URL(requests[0]!.url).pathname).toBe('/chathub/negotiate');
    expect(requests[0]!.authorization).toBe('Bearer secret-abc');
    expect(lines.join('\n')).not.toContain('secret-abc');
  });
});

describe('bareToken', () => {
  it('removes a leading "Bearer" (docs/product.md §6)', () => {
    expect(bareToken('Bearer abc.def')).toBe('abc.def');
    expect(bareToken('bearer   abc')).toBe('abc');
    expect(bareToken('abc')).toBe('abc');
    expect(bareToken(null)).toBe('');
  });
});

describe('redactSecrets', () => {
  it('hides connection and access tokens in URLs and bearer values', () => {
    expect(
      redactSecrets(
        'WebSocket connected to ws://localhost/chathub?id=conn-secret&access_token=tok%2Bsecret.',
      ),
    ).toBe('WebSocket connected to ws://localhost/chathub?id=[redacted]&access_token=[redacted]');
    expect(redactSecrets('Authorization: Bearer tok-secret')).toBe('Authorization: Bearer [redacted]');
    expect(redactSecrets('Using HubProtocol json.')).toBe('Using HubProtocol json.');
  });
});
