import { describe, expect, it } from 'vitest';
import {
  checkPushEndpoint,
  isPublicAddress,
  PushEndpointLookupTimeoutError,
  PushEndpointRefusedError,
  PushEndpointUnresolvedError,
  type LookupAddresses,
} from './endpoint-policy.js';
import { MAX_RETRY_AFTER_MS, parseRetryAfter } from './sender.js';

/** A resolver that answers from a table, never the network; unknown names fail as ENOTFOUND would. */
const resolver =
  (table: Record<string, string[]>): LookupAddresses =>
  async (hostname) => {
    const answers = table[hostname];
    if (!answers) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

const lookup = resolver({
  'push.example': ['93.184.215.14'],
  'push6.example': ['2606:4700::6810:84e5'],
  'intranet.example': ['10.1.2.3'],
  'rebound.example': ['93.184.215.14', '192.168.1.10'],
  'metadata.example': ['169.254.169.254'],
  'mapped.example': ['::ffff:127.0.0.1'],
  'ula.example': ['fd12:3456::1'],
  'local-stand-in.test': ['127.0.0.1'],
});
const strict = { allowInsecure: false, lookup };
const insecure = { allowInsecure: true, lookup };

describe('which addresses are public', () => {
  it.each([
    '0.0.0.0',
    '10.0.0.1',
    '100.64.0.1',
    '100.127.255.255',
    '127.0.0.1',
    '127.255.255.254',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.0.0.8',
    '192.0.2.1',
    '192.168.0.1',
    '198.18.0.1',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::127.0.0.1',
    '64:ff9b::a00:1',
    'fc00::1',
    'fd00:ec2::254',
    'fe80::1',
    'fe80::1%eth0',
    'fec0::1',
    'ff02::1',
    '100::1',
    '2001:db8::1',
    '2001::1',
    '2002:7f00:1::1',
    'not an address',
  ])('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '93.184.215.14',
    '100.63.255.255',
    '100.128.0.1',
    '172.15.255.255',
    '172.32.0.1',
    '192.169.0.1',
    '223.255.255.254',
    '2606:4700::6810:84e5',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('the push endpoint policy', () => {
  it('accepts https on a name that resolves to public addresses, pinned to the checked address', async () => {
    const checked = await checkPushEndpoint('https://push.example/send/abc', strict);
    expect(checked.target).toEqual({ address: '93.184.215.14', family: 4 });
    expect((await checkPushEndpoint('https://push6.example/x', strict)).target.family).toBe(6);
  });

  it('accepts a public IP literal over https without resolving anything', async () => {
    const noLookup: LookupAddresses = async () => {
      throw new Error('must not resolve an IP literal');
    };
    const v4 = await checkPushEndpoint('https://93.184.215.14/push', {
      allowInsecure: false,
      lookup: noLookup,
    });
    expect(v4.target.address).toBe('93.184.215.14');
    const v6 = await checkPushEndpoint('https://[2606:4700::6810:84e5]/push', {
      allowInsecure: false,
      lookup: noLookup,
    });
    expect(v6.target).toEqual({ address: '2606:4700::6810:84e5', family: 6 });
  });

  it.each([
    ['plain http', 'http://push.example/x'],
    ['another scheme', 'ftp://push.example/x'],
    ['a loopback literal', 'https://127.0.0.1/x'],
    ['a loopback literal in another spelling', 'https://2130706433/x'],
    ['an IPv6 loopback literal', 'https://[::1]/x'],
    ['an IPv4-mapped loopback literal', 'https://[::ffff:127.0.0.1]/x'],
    ['a private literal', 'https://192.168.1.1/x'],
    ['a name resolving to a private address', 'https://intranet.example/x'],
    ['a name with one private answer among public ones', 'https://rebound.example/x'],
    ['a name resolving to the cloud metadata address', 'https://metadata.example/x'],
    ['a name resolving to an IPv4-mapped loopback', 'https://mapped.example/x'],
    ['a name resolving to a unique local address', 'https://ula.example/x'],
    ['credentials in the URL', 'https://user:secret@push.example/x'],
    ['not a URL at all', 'push.example/x'],
  ])('refuses %s', async (_what, endpoint) => {
    await expect(checkPushEndpoint(endpoint, strict)).rejects.toBeInstanceOf(PushEndpointRefusedError);
  });

  it('says a name that does not resolve did not resolve (sending tries again later)', async () => {
    await expect(checkPushEndpoint('https://nowhere.example/x', strict)).rejects.toBeInstanceOf(
      PushEndpointUnresolvedError,
    );
  });

  it('gives up on a resolver that does not answer in time (a name that resolves later is tried again)', async () => {
    const hanging: LookupAddresses = () => new Promise(() => undefined);
    const started = Date.now();
    const check = checkPushEndpoint('https://slow.example/x', {
      ...strict,
      lookup: hanging,
      lookupTimeoutMs: 200,
    });
    await expect(check).rejects.toBeInstanceOf(PushEndpointLookupTimeoutError);
    await expect(check).rejects.toBeInstanceOf(PushEndpointUnresolvedError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('with PUSH_ALLOW_INSECURE_ENDPOINTS lets plain http and loopback or private addresses through', async () => {
    const local = await checkPushEndpoint('http://local-stand-in.test:8080/push', insecure);
    expect(local.target).toEqual({ address: '127.0.0.1', family: 4 });
    expect((await checkPushEndpoint('http://127.0.0.1:9/x', insecure)).url.protocol).toBe('http:');
    expect((await checkPushEndpoint('https://intranet.example/x', insecure)).target.address).toBe('10.1.2.3');
    await expect(checkPushEndpoint('ftp://push.example/x', insecure)).rejects.toBeInstanceOf(
      PushEndpointRefusedError,
    );
  });
});

describe('Retry-After', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('7')).toBe(7000);
    expect(parseRetryAfter(new Date(1_000_000 + 30_000).toUTCString(), 1_000_000)).toBe(30_000);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(undefined)).toBeUndefined();
  });

  it('asks for at most a day, however large the number or late the date', () => {
    expect(parseRetryAfter(String(48 * 3600))).toBe(MAX_RETRY_AFTER_MS);
    expect(parseRetryAfter('9'.repeat(400))).toBe(MAX_RETRY_AFTER_MS);
    expect(parseRetryAfter('99999999999999999999')).toBe(MAX_RETRY_AFTER_MS);
    expect(parseRetryAfter(new Date(Date.UTC(9999, 0)).toUTCString())).toBe(MAX_RETRY_AFTER_MS);
    expect(Number.isSafeInteger(parseRetryAfter('9'.repeat(400)))).toBe(true);
  });
});
