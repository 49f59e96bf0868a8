import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Challenge } from 'altcha-lib';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { API, apiPath, ROUTES } from '@rummage/contract';
import { users } from '../src/db/schema.js';
import { parseEml } from '../src/services/mail/index.js';
import { ageAccount } from '../src/modules/message/chat.fixtures.js';
import type { TestApp } from '../src/test/app.js';
import type { TestPushService } from '../src/test/push-service.js';
import { answerChallenge, createUser, registration } from '../src/test/factories.js';
import type { FuzzRequest } from '../security/arbitraries.js';
import type { Operation } from '../security/openapi.js';
import { answerProblem, describeRequest, send, StatusTally } from '../security/requests.js';
import { IdPools } from './pools.js';

export interface Person {
  id: number;
  userName: string;
  password: string;
  admin: boolean;
  /** The bearer token of the current session; none after a logout or a 401, until the next sign-in. */
  token?: string;
}

/** Who a generated request claims to be: a person's session, no header, or a token nobody was given. */
export type Auth = 'session' | 'none' | 'garbage';

/** The password nobody's generated DELETE /api/Account body guesses, so the admin is never deleted by accident. */
const ADMIN_PASSWORD = 'Fuzz-Admin-9!';
const PUBLIC_URL = 'http://rummage.test';
/** At least this many people besides the admin, before every request. */
const MIN_PEOPLE = 3;

/**
 * The people of a stateful fuzzing run and the app they use. Every request goes through `call`: it is counted,
 * judged against the OpenAPI document, and its answer's ids feed the pools later requests draw from. People sign
 * up, confirm their address and sign in through the API itself; whoever is logged out, deleted or banned by an
 * earlier request signs in again or is replaced by a new sign-up.
 */
export class Community {
  readonly pools = new IdPools();
  readonly tally = new StatusTally();
  readonly people: Person[] = [];
  /** The operations requests went to (`GET /api/Product/{id}`), and those that answered a 2xx at least once. */
  readonly called = new Set<string>();
  readonly succeeded = new Set<string>();
  /** Milliseconds spent waiting for each operation's answers, for the run's closing lines. */
  readonly time = new Map<string, number>();
  /** The request whose answer broke a rule, and what was wrong with it. */
  failure?: string;
  /** The last requests, for the failure message: what led to the answer that broke a rule. */
  readonly recent: string[] = [];
  admin!: Person;
  private readonly mailRead = new Set<string>();

  constructor(
    readonly t: TestApp,
    private readonly ops: Map<string, Operation>,
    /** The push service people's browsers subscribe on (a real one on 127.0.0.1, test/push-service.ts). */
    readonly pushService: TestPushService,
  ) {}

  private op(method: string, path: string): Operation {
    const op = this.ops.get(`${method} ${path}`);
    if (!op) throw new Error(`${method} ${path} is not in the OpenAPI document`);
    return op;
  }

  /** Sends one request and holds its answer to the document; throws on a broken rule. */
  async call(
    op: Operation,
    request: FuzzRequest,
    who: string,
    token?: string,
    viewer?: number,
  ): Promise<LightMyRequestResponse> {
    this.called.add(op.key);
    const line = describeRequest(request, who);
    this.recent.push(line);
    if (this.recent.length > 8) this.recent.shift();
    const started = performance.now();
    const response = await send(this.t.app, request, token && `Bearer ${token}`);
    this.time.set(op.key, (this.time.get(op.key) ?? 0) + performance.now() - started);
    this.tally.add(response.statusCode);
    const problem = answerProblem(op, response);
    if (problem) {
      this.failure = `${line} → ${problem}`;
      throw new Error(this.failure);
    }
    if (response.statusCode < 300) this.succeeded.add(op.key);
    if (String(response.headers['content-type']).startsWith('application/json')) {
      this.pools.harvest(op, JSON.parse(response.body), viewer);
    }
    return response;
  }

  /** A request with a JSON body (none for a GET) to the operation `method path`, `path` its template. */
  json(
    method: string,
    path: string,
    body: object | undefined,
    who: string,
    token?: string,
    options: { url?: string; viewer?: number } = {},
  ) {
    const request = {
      method,
      url: options.url ?? path,
      headers: (body === undefined ? {} : { 'content-type': 'application/json' }) as Record<string, string>,
      ...(body !== undefined && { payload: JSON.stringify(body) }),
    };
    return this.call(this.op(method, path), request, who, token, options.viewer);
  }

  /**
   * A request of a story (fuzz/stories.ts) as `person`, to the route `pattern` (`/api/Offer/:id/accept`) filled
   * with `params`: their session, and their id as the one shown the answer.
   */
  async as(
    person: Person,
    method: string,
    pattern: string,
    request: { params?: Record<string, number>; query?: string; body?: object } = {},
  ) {
    const token = await this.tokenOf(person);
    const url = `${apiPath(pattern, request.params ?? {})}${request.query ?? ''}`;
    return this.json(method, pattern.replace(/:(\w+)/g, '{$1}'), request.body, this.who(person), token, {
      url,
      viewer: person.id,
    });
  }

  private who = (person: Person) => `${person.admin ? 'admin' : 'person'} ${person.id}`;

  /**
   * A request of SignalR's HTTP transports to a hub (`/chathub`, `/chathub/negotiate`) as `person`: the protocol's
   * text records as the body, as a browser without WebSockets sends them.
   */
  async hubAs(person: Person, method: string, path: string, query: string, body?: string) {
    const token = await this.tokenOf(person);
    const request = {
      method,
      url: `${path}${query}`,
      headers: (body === undefined ? {} : { 'content-type': 'text/plain;charset=UTF-8' }) as Record<
        string,
        string
      >,
      ...(body !== undefined && { payload: body }),
    };
    return this.call(this.op(method, path), request, this.who(person), token, person.id);
  }

  /** A multipart request (a listing form) as `person`. */
  async formAs(person: Person, path: string, form: { payload: Buffer; headers: Record<string, string> }) {
    const token = await this.tokenOf(person);
    const request = { method: 'POST', url: path, headers: form.headers, payload: form.payload };
    return this.call(this.op('POST', path), request, this.who(person), token, person.id);
  }

  /**
   * A new person through the API: a captcha challenge solved, the registration form, the link of the verification
   * e-mail (read from the outbox as a person reads their inbox), then a sign-in.
   */
  async signUp(options: { regular?: boolean } = { regular: true }): Promise<Person> {
    const challenge = await this.call(
      this.op('GET', API.captcha.challenge),
      { method: 'GET', url: API.captcha.challenge, headers: {} },
      'sign-up',
    );
    const form = registration({ captchaToken: await answerChallenge(challenge.json<Challenge>()) });
    const registered = await this.json('POST', API.account.register, form, 'sign-up');
    if (registered.statusCode !== 201) throw new Error(`registration answered ${registered.statusCode}`);
    const id = registered.json<{ data: { id: number } }>().data.id;
    await this.json(
      'POST',
      API.account.verifyEmail,
      { token: await this.verificationToken(form.email) },
      'sign-up',
    );
    // A new account may start only a few chats an hour; these people are regulars, so budgets do not dominate.
    // A newcomer (a story's) stays a day old until the story is done with them.
    if (options.regular !== false) await ageAccount(this.t.app, id);
    const person: Person = { id, userName: form.userName, password: form.password, admin: false };
    if (options.regular !== false) this.people.push(person);
    await this.signIn(person);
    return person;
  }

  private async verificationToken(email: string): Promise<string> {
    const link = new RegExp(`${PUBLIC_URL}${ROUTES.verifyEmail}\\?token=([A-Za-z0-9_-]+)`);
    for (let attempt = 0; attempt < 200; attempt++) {
      // The job is enqueued in the registration's transaction, which the queue would find at its next poll.
      this.t.app.parts.queue.wake();
      const mail = (await this.t.outbox()).findLast((each) => each.to.includes(email));
      const token = mail && link.exec(mail.text)?.[1];
      if (token) return token;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no verification e-mail to ${email}`);
  }

  /** Reads the e-mails sent since the last look, for the tokens of their links. */
  async readMail(): Promise<void> {
    const dir = join(this.t.config.dataDir, 'outbox');
    const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => !this.mailRead.has(name));
    for (const name of names.sort()) {
      this.mailRead.add(name);
      this.pools.addLinkTokens(parseEml(await readFile(join(dir, name), 'utf8')).text);
    }
  }

  /** Keeps the community at its minimum size before a request: deletions and bans take people away. */
  async enoughPeople(): Promise<void> {
    while (this.people.length < MIN_PEOPLE) await this.signUp();
  }

  /** A story's newcomer becomes one of the regulars: a month old, among the people requests are sent as. */
  async settle(person: Person): Promise<void> {
    await ageAccount(this.t.app, person.id);
    if (person.token && this.people.length < 12) this.people.push(person);
  }

  /** Signs in through the login route; a person who can no longer (deleted, banned) leaves the community. */
  async signIn(person: Person): Promise<boolean> {
    const body = { userName: person.userName, password: person.password };
    const response = await this.json('POST', API.account.login, body, `sign-in ${person.userName}`);
    if (response.statusCode === 200) {
      person.token = response.json<{ data: { authToken: string } }>().data.authToken;
      return true;
    }
    if (response.statusCode === 429) return false;
    person.token = undefined;
    if (person.admin) await this.newAdmin();
    else if (this.people.includes(person)) this.people.splice(this.people.indexOf(person), 1);
    return false;
  }

  /**
   * The staff console's person. There is no API to make an admin, so the row is made as the server's admin command
   * does; the sign-in is the API's.
   */
  async newAdmin(): Promise<void> {
    const user = await createUser(this.t.app, { role: 'admin', password: ADMIN_PASSWORD });
    this.admin = { id: user.id, userName: user.username, password: ADMIN_PASSWORD, admin: true };
    this.pools.add('user', user.id);
    await this.signIn(this.admin);
  }

  /** A revoke-staff or a ban the admin gave themselves is undone, so the staff console stays reachable. */
  async restoreAdmin(): Promise<void> {
    const db = this.t.app.parts.storage.database.db;
    const [row] = await db.select().from(users).where(eq(users.id, this.admin.id));
    if (!row) return this.newAdmin();
    if (row.role === 'admin' && !row.bannedAt) return;
    await db
      .update(users)
      .set({ role: 'admin', bannedAt: null, banReason: null })
      .where(eq(users.id, row.id));
    await this.signIn(this.admin);
  }

  /** The person an actor choice names (made at generation time, before anyone exists): the admin or anyone. */
  actor(choice: number | 'admin'): Person {
    return choice === 'admin' ? this.admin : (this.people[choice % this.people.length] ?? this.admin);
  }

  /** The person with this id, if they are still one of the community. */
  person(id: number | undefined): Person | undefined {
    return id === this.admin.id ? this.admin : this.people.find((each) => each.id === id);
  }

  /** A session token for the person, signing them in first when their last session ended. */
  async tokenOf(person: Person): Promise<string | undefined> {
    if (!person.token) await this.signIn(person);
    return person.token;
  }
}
