import fc from 'fast-check';
import type { FuzzRequest } from '../security/arbitraries.js';
import type { SampleFiles } from '../security/arbitraries-forms.js';
import type { Operation } from '../security/openapi.js';
import { isHub, requestArb } from '../security/requests.js';
import type { Auth, Community } from './community.js';
import { storyArbs } from './stories.js';

/** What fast-check's model holds: how many requests the run may still send (the community counts them). */
export interface Model {
  budget: number;
}

type Command = fc.AsyncCommand<Model, Community>;

/** A sign-up command adds people up to this many (the community keeps at least MIN_PEOPLE, community.ts). */
const MAX_PEOPLE = 6;

/** A new person, or when the community is full, a fresh session for one (a second device, a returning visitor). */
class Arrive implements Command {
  constructor(private readonly choice: number) {}
  check = (model: Readonly<Model>) => model.budget > 0;
  async run(model: Model, community: Community) {
    const before = community.tally.sent;
    if (community.people.length < MAX_PEOPLE) await community.signUp();
    else await community.signIn(community.actor(this.choice));
    // The links e-mailed meanwhile (a password reset asked for, a notification's unsubscribe) become usable.
    await community.readMail();
    model.budget -= community.tally.sent - before;
  }
  toString = () => 'sign up or sign in';
}

/** One generated request to one operation of the document, as a person of the community (or nobody). */
class Call implements Command {
  constructor(
    private readonly op: Operation,
    private readonly actor: number | 'admin',
    private readonly auth: Auth,
    private readonly request: FuzzRequest,
  ) {}
  check = (model: Readonly<Model>) => model.budget > 0;

  async run(model: Model, community: Community) {
    const before = community.tally.sent;
    await community.enoughPeople();
    const { request, viewer } = resolved(this.request, community);
    // A third of the time the person who was shown these ids acts on them: the seller on their listing's chat.
    const seer =
      typeof this.actor === 'number' && this.actor % 3 === 0 ? community.person(viewer) : undefined;
    const person = seer ?? community.actor(this.actor);
    const token =
      this.auth === 'session'
        ? await community.tokenOf(person)
        : this.auth === 'garbage'
          ? 'not-a-real-token'
          : undefined;
    const who = this.auth === 'session' ? `${person.admin ? 'admin' : 'person'} ${person.id}` : this.auth;
    const response = await community.call(this.op, request, who, token, token ? person.id : undefined);
    if (token && token === person.token && response.statusCode === 401) person.token = undefined;
    if (person.admin && response.statusCode === 403 && this.op.path.startsWith('/api/Staff/')) {
      await community.restoreAdmin();
    }
    model.budget -= community.tally.sent - before;
  }
  toString = () => `${this.op.key} (${this.auth})`;
}

/** The request with its placeholders replaced from the pools as they are now, and who was shown those ids. */
function resolved(request: FuzzRequest, community: Community): { request: FuzzRequest; viewer?: number } {
  const { payload } = request;
  const body = payload === undefined || typeof payload === 'string' ? payload : payload.toString('latin1');
  const {
    texts: [url, filled],
    viewer,
  } = community.pools.resolve(body === undefined ? [request.url] : [request.url, body]);
  return {
    request: {
      ...request,
      url: url!,
      ...(filled !== undefined && {
        payload: typeof payload === 'string' ? filled : Buffer.from(filled, 'latin1'),
      }),
    },
    viewer,
  };
}

const auth: fc.Arbitrary<Auth> = fc.oneof(
  { weight: 18, arbitrary: fc.constant<Auth>('session') },
  { weight: 1, arbitrary: fc.constant<Auth>('none') },
  { weight: 1, arbitrary: fc.constant<Auth>('garbage') },
);

/**
 * The commands of a sequence, one arbitrary per operation of the document (every operation, whatever it is), so
 * each operation gets about the same share; the hubs' transport endpoints, which only need to survive junk, less.
 */
export function commandArbs(
  ops: Operation[],
  community: Community,
  files: SampleFiles,
): Array<{ weight: number; arbitrary: fc.Arbitrary<Command> }> {
  const calls = ops.map((op) => {
    // The staff console mostly as the admin, sometimes as a plain person (who must be refused).
    const staff = op.path.startsWith('/api/Staff/');
    const actor = fc.oneof(
      { weight: staff ? 3 : 1, arbitrary: fc.constant<'admin'>('admin') },
      { weight: staff ? 1 : 6, arbitrary: fc.nat() },
    );
    const arbitrary = fc
      .tuple(actor, auth, requestArb(op, community.pools.hintsFor(op), files))
      .map(([who, as, request]): Command => new Call(op, who, as, request));
    // Operations that make something (a 201) come more often: what they make is what the others act on.
    return { weight: isHub(op) ? 1 : '201' in op.responses ? 15 : 5, arbitrary };
  });
  return [
    ...calls,
    { weight: 5, arbitrary: fc.nat().map((choice): Command => new Arrive(choice)) },
    // Offers, deals, ratings and held messages need a story of several steps before a request can succeed.
    ...storyArbs(files.png),
  ];
}
