import fc from 'fast-check';
import { isIdName, type Hints } from '../security/arbitraries.js';
import type { Operation } from '../security/openapi.js';

/**
 * Ids that earlier answers gave, by what they name: every integer `id` / `*Id` / `*Ids` in a JSON answer goes to
 * the pool of its noun, and a request's id field or parameter is filled from the pool of its own noun. Nothing here
 * lists the API's operations, so an operation added to the document (offers, say) feeds and draws from the pools
 * by its field names alone.
 *
 * Requests are generated before the sequence runs, so a generated id is a placeholder (`token`): the pool is read
 * when the request is sent, after every answer before it.
 */

/** Words that name a person in a field (`sellerId`, `receiverId`) or an object (`profile.id`), and other synonyms. */
const ALIASES: Record<string, string> = {
  account: 'user',
  profile: 'user',
  seller: 'user',
  buyer: 'user',
  receiver: 'user',
  sender: 'user',
  reporter: 'user',
  reservedfor: 'user',
  follower: 'user',
  host: 'user',
  actor: 'user',
  fromuser: 'user',
  other: 'user',
  reviewer: 'user',
  author: 'user',
  subject: 'user',
  myreview: 'review',
  listing: 'product',
  support: 'ticket',
  supportticket: 'ticket',
};

/** `garageSales` → `garagesale`, `otherUserId`'s `otherUser` → `user`, `Notifications` → `notification`. */
export function noun(word: string): string {
  let base = word.replace(/[^a-z]/gi, '').toLowerCase();
  base = base.replace(/^(other|related|target)(?=[a-z])/, '');
  if (/ies$/.test(base)) base = `${base.slice(0, -3)}y`;
  else if (/(ch|sh|x|ss)es$/.test(base)) base = base.slice(0, -2);
  else if (/[^s]s$/.test(base)) base = base.slice(0, -1);
  return ALIASES[base] ?? base;
}

/**
 * What a bare `id` (in the path, or at the top of an answer) names: the last plural segment after the first
 * (`/api/Marketplace/products`, `/api/Staff/held-messages`), else the first (`/api/Product/{id}`).
 */
export function resourceOf(path: string): string {
  const segments = path
    .split('/')
    .filter((segment) => segment && segment !== 'api' && !segment.startsWith('{'));
  // `profile-details` and `update-user-details` are about the first segment's thing (a person), not a collection.
  const plural = segments.slice(1).findLast((segment) => /[^s]s$/.test(segment) && !/details$/.test(segment));
  return noun(plural ?? segments[0] ?? '');
}

/** The noun of an id-like field or parameter of an operation. */
export function nounOfField(name: string, op: Pick<Operation, 'path'>): string {
  if (/^(ids?|before)$/i.test(name)) return resourceOf(op.path);
  return noun(name.replace(/Ids?$/, ''));
}

const TOKEN = /"?\bFZID([a-z]*)_(\d+)\b"?/g;
/** A known text's placeholder: the quotes around it in JSON stay. */
const TEXT_TOKEN = /\bFZTX([a-z]+)_(\d+)\b/g;
/** Text fields whose known values a request uses: someone's address to reset, someone's name to sign in as. */
const TEXT_FIELDS = ['email', 'username', 'token'];
/** How many ids of a noun stay in its pool: the newest, which are the likeliest still to exist. */
const KEEP = 64;

export class IdPools {
  private readonly pools = new Map<string, number[]>();
  /**
   * The ids one answered object held together (a listing's id and its seller's, a chat's listing and partner): a
   * request that needs several ids takes them from one record when it can, so a message goes to the listing's
   * seller and a reservation names someone who asked about it. With them, who was shown them: that person may act
   * on them (the seller reserves for the buyer their chat list showed).
   */
  private readonly records: Array<{ ids: Map<string, number>; viewer?: number }> = [];
  /** Texts by field: the e-mail addresses and usernames answers showed, the tokens of e-mailed links. */
  private readonly texts = new Map<string, string[]>();

  /** Collects the ids of a JSON answer to `op`, shown to `viewer` (a person's id) when a session asked. */
  harvest(op: Pick<Operation, 'path'>, body: unknown, viewer?: number): void {
    const walk = (value: unknown, parent: string | undefined) => {
      if (Array.isArray(value)) {
        for (const item of value) walk(item, parent);
        return;
      }
      if (!value || typeof value !== 'object') return;
      const record = new Map<string, number>();
      for (const [key, child] of Object.entries(value)) {
        if (Number.isSafeInteger(child) && key === 'id') {
          record.set(parent && parent !== 'data' ? noun(parent) : resourceOf(op.path), child as number);
        } else if (Number.isSafeInteger(child) && /Id$/.test(key)) {
          record.set(nounOfField(key, op), child as number);
        } else if (typeof child === 'string' && TEXT_FIELDS.includes(key.toLowerCase())) {
          this.addText(key.toLowerCase(), child);
        } else if (Array.isArray(child) && /Ids$/.test(key)) {
          for (const id of child) if (Number.isSafeInteger(id)) this.add(nounOfField(key, op), id as number);
        } else walk(child, key);
      }
      for (const [kind, id] of record) this.add(kind, id);
      if (record.size >= (viewer === undefined ? 2 : 1)) {
        this.records.push({ ids: record, viewer });
        if (this.records.length > KEEP * 4) this.records.shift();
      }
    };
    walk(body, undefined);
  }

  add(kind: string, id: number): void {
    const pool = this.pools.get(kind) ?? [];
    const at = pool.indexOf(id);
    if (at >= 0) pool.splice(at, 1);
    pool.push(id);
    if (pool.length > KEEP) pool.shift();
    this.pools.set(kind, pool);
  }

  /** How many ids each noun has, for the run's closing line. */
  sizes(): string {
    return [...this.pools].map(([kind, ids]) => `${kind} ${ids.length}`).join(', ');
  }

  /**
   * Hints for the request generators of one operation: an id field gets a placeholder for its noun's pool (the
   * generators mix in fresh integers and junk themselves).
   */
  hintsFor(op: Pick<Operation, 'path'>): Hints {
    return {
      id: (name) => fc.nat().map((draw) => (isIdName(name) ? token(nounOfField(name, op), draw) : draw)),
      text: (name) => {
        const kind = name.toLowerCase();
        return TEXT_FIELDS.includes(kind) ? fc.nat().map((draw) => `FZTX${kind}_${draw}`) : undefined;
      },
    };
  }

  /** The tokens of links e-mailed to the community (verification, password reset, unsubscribe). */
  addLinkTokens(mail: string): void {
    for (const [, found] of mail.matchAll(/[?&]token=([A-Za-z0-9._%~-]+)/g)) {
      this.addText('token', decodeURIComponent(found!));
    }
  }

  private addText(kind: string, text: string): void {
    const pool = this.texts.get(kind) ?? [];
    if (!pool.includes(text)) pool.push(text);
    if (pool.length > KEEP) pool.shift();
    this.texts.set(kind, pool);
  }

  /**
   * Replaces the placeholders in a request's URL and body with ids from the pools as they are now: those of one
   * record, one of the noun's own, any noun's when it has none yet (an id of the wrong kind is a fair request
   * too), or a small integer. Answers who was shown the record, if one was used.
   */
  resolve(texts: string[]): { texts: string[]; viewer?: number } {
    const record = this.recordFor(texts.join(' '));
    return { texts: texts.map((text) => this.fill(text, record?.ids)), viewer: record?.viewer };
  }

  private fill(text: string, record: Map<string, number> | undefined): string {
    const linked = text.replace(TEXT_TOKEN, (_match, kind: string, draw: string) => {
      const pool = this.texts.get(kind) ?? [];
      return pool.length ? pool[Number(draw) % pool.length]! : `no-${kind}-yet`;
    });
    return linked.replace(TOKEN, (_match, kind: string, draw: string) => {
      const n = Number(draw);
      const together = record?.get(kind);
      if (together !== undefined) return String(together);
      const own = this.pools.get(kind);
      const pool = own?.length ? own : [...this.pools.values()].flat();
      if (!pool.length) return String((n % 1000) + 1);
      // Half the time one of the newest: the ids of one answer (a listing and its seller) then meet in a request.
      const index = n % 2 ? pool.length - 1 - ((n >> 1) % Math.min(pool.length, 3)) : (n >> 1) % pool.length;
      return String(pool[index]);
    });
  }

  /** Three times in four, a record holding the ids the text needs (two of them, when it needs several). */
  private recordFor(text: string) {
    const tokens = [...text.matchAll(TOKEN)];
    const kinds = new Set(tokens.map((match) => match[1]!));
    if (kinds.size === 0) return undefined;
    const draw = Number(tokens[0]![2]);
    if (draw % 4 === 0) return undefined;
    const needed = Math.min(kinds.size, 2);
    const fits = this.records.filter(
      ({ ids }) => [...kinds].filter((kind) => ids.has(kind)).length >= needed,
    );
    return fits[fits.length - 1 - ((draw >> 2) % Math.max(fits.length, 1))];
  }
}

/** A placeholder that survives JSON, URL-encoding and multipart untouched: letters, digits and `_` only. */
const token = (kind: string, draw: number) => `FZID${kind}_${draw}`;
