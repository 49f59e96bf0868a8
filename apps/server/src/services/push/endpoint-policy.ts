/**
 * Which push endpoints the server will send to (docs/product.md §10 Web Push). An endpoint is a URL a browser
 * hands us, so anyone can make the server POST to any address they like: without this check it is a door into
 * our own network (SSRF). Only https on a public address passes; the name is resolved and every address it
 * answers must be public, and the sender connects to the address checked here (pinned), so a DNS answer that
 * changes between the check and the connection (rebinding) cannot swap in a private one.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address a name resolves to (dns.lookup with all: true); tests inject their own answers. */
export type LookupAddresses = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemLookup: LookupAddresses = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((answer) => ({
    address: answer.address,
    family: answer.family === 6 ? 6 : 4,
  }));

/** The endpoint is not one the server sends to: not https, or not a public address. */
export class PushEndpointRefusedError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'PushEndpointRefusedError';
  }
}

/** The name did not resolve (it may later: at sending this is a reason to retry, at subscription a refusal). */
export class PushEndpointUnresolvedError extends Error {
  constructor(hostname: string, cause: unknown) {
    super(`push endpoint host ${hostname} did not resolve`, { cause });
    this.name = 'PushEndpointUnresolvedError';
  }
}

/** The resolver gave no answer in time (it may later: at sending a reason to retry, at subscription a refusal). */
export class PushEndpointLookupTimeoutError extends PushEndpointUnresolvedError {
  constructor(hostname: string, ms: number) {
    super(hostname, new Error(`no DNS answer within ${ms} ms`));
    this.name = 'PushEndpointLookupTimeoutError';
  }
}

/** How long a push endpoint's name may take to resolve: a hanging resolver must not hold a request or a worker. */
export const PUSH_LOOKUP_TIMEOUT_MS = 3_000;

export interface EndpointPolicy {
  /** PUSH_ALLOW_INSECURE_ENDPOINTS: plain http and loopback or private addresses (test and local stand-ins). */
  allowInsecure: boolean;
  lookup: LookupAddresses;
  /** PUSH_LOOKUP_TIMEOUT_MS unless given (tests). */
  lookupTimeoutMs?: number;
}

/** A checked endpoint and the one address to connect to. */
export interface CheckedEndpoint {
  url: URL;
  target: ResolvedAddress;
}

export async function checkPushEndpoint(endpoint: string, policy: EndpointPolicy): Promise<CheckedEndpoint> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new PushEndpointRefusedError('not an absolute URL');
  }
  const schemes = policy.allowInsecure ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) throw new PushEndpointRefusedError(`scheme ${url.protocol} refused`);
  if (url.username || url.password) throw new PushEndpointRefusedError('credentials in the URL refused');
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const literal = isIP(host);
  let answers: ResolvedAddress[];
  if (literal) answers = [{ address: host, family: literal === 6 ? 6 : 4 }];
  else {
    answers = await lookupInTime(host, policy);
    if (answers.length === 0) throw new PushEndpointUnresolvedError(host, undefined);
  }
  if (!policy.allowInsecure) {
    // Every answer, not just the first: the connection must not be able to land on a private one by any route.
    const refused = answers.find((answer) => !isPublicAddress(answer.address));
    if (refused) throw new PushEndpointRefusedError(`${host} resolves to non-public ${refused.address}`);
  }
  return { url, target: answers[0]! };
}

async function lookupInTime(host: string, policy: EndpointPolicy): Promise<ResolvedAddress[]> {
  const ms = policy.lookupTimeoutMs ?? PUSH_LOOKUP_TIMEOUT_MS;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new PushEndpointLookupTimeoutError(host, ms)), ms);
  });
  try {
    return await Promise.race([
      policy.lookup(host).catch((error: unknown) => {
        throw new PushEndpointUnresolvedError(host, error);
      }),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** IPv4 ranges that are not the public internet (RFC 6890 and friends). */
const PRIVATE_V4: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata lives here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];

function v4Number(address: string): number {
  return address.split('.').reduce((value, part) => value * 256 + Number(part), 0);
}

function isPublicV4(address: string): boolean {
  const value = v4Number(address);
  return !PRIVATE_V4.some(([base, bits]) => {
    const size = 2 ** (32 - bits);
    const start = v4Number(base);
    return value >= start && value < start + size;
  });
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part included). */
function v6Groups(address: string): number[] | undefined {
  let text = address.toLowerCase().split('%')[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const v4 = v4Number(dotted[1]!);
    text = `${text.slice(0, -dotted[1]!.length)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  const missing = 8 - front.length - back.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return undefined;
  const groups = [...front, ...new Array<number>(missing).fill(0), ...back];
  return groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff)
    ? groups
    : undefined;
}

function isPublicV6(address: string): boolean {
  const groups = v6Groups(address);
  if (!groups) return false;
  const [g0, g1, , , , g5, g6, g7] = groups as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const embeddedV4 = `${g6 >> 8}.${g6 & 0xff}.${g7 >> 8}.${g7 & 0xff}`;
  const zeros = (count: number) => groups.slice(0, count).every((group) => group === 0);
  // IPv4-mapped (::ffff:a.b.c.d): the connection goes to the IPv4 address, so that one is judged.
  if (zeros(5) && g5 === 0xffff) return isPublicV4(embeddedV4);
  // NAT64 (64:ff9b::a.b.c.d) reaches the embedded IPv4 address too.
  if (g0 === 0x64 && g1 === 0xff9b && groups.slice(2, 6).every((group) => group === 0)) {
    return isPublicV4(embeddedV4);
  }
  // Only global unicast (2000::/3) is public: this leaves out ::, ::1, IPv4-compatible, ULA fc00::/7,
  // link-local fe80::/10, site-local fec0::/10, multicast ff00::/8 and the discard prefix 100::/64.
  if ((g0 & 0xe000) !== 0x2000) return false;
  if (g0 === 0x2001 && g1 < 0x200) return false; // 2001::/23 protocol assignments, Teredo included
  if (g0 === 0x2001 && g1 === 0xdb8) return false; // documentation
  if (g0 === 0x2002) return false; // 6to4: tunnels to an embedded IPv4 address
  if (g0 === 0x3fff && g1 < 0x1000) return false; // documentation (3fff::/20)
  return true;
}

/** Whether an IP address is on the public internet: false for loopback, private, link-local and the rest. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return isPublicV4(address);
  if (family === 6) return isPublicV6(address);
  return false;
}
