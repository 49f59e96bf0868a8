import fc from 'fast-check';
import { API, HUB_METHODS, HUBS, SUPPORT_SUBJECTS } from '@rummage/contract';
import type { LightMyRequestResponse } from 'fastify';
import { image, listingFields, multipart } from '../src/test/products.js';
import type { Community, Person } from './community.js';

/**
 * Stories that generated requests almost never complete by chance, because each step needs the one before it and
 * the right person: a haggle that ends in a deal and ratings, a newcomer whose first message is held for staff,
 * and someone setting up their account (details, photos, a browser's push subscription, a new address verified). Every step is a request through `community.call`, judged against the document like any other (no 5xx,
 * a documented status, a body that matches its schema); amounts, stars, texts and choices are generated, valid or
 * not. What a story leaves (offers, deals, ratings, held messages, and who was shown them) goes to the pools, so
 * the generated requests that follow act on it: a counter-offer answered, a rating reported, a held message
 * released by staff.
 */

type Command = fc.AsyncCommand<{ budget: number }, Community>;

const ok = (response: LightMyRequestResponse) => response.statusCode < 300;
const data = <T>(response: LightMyRequestResponse) => response.json<{ data: T }>().data;
/** A body that is the thing itself, not `{ data }` (a hub's negotiate answer). */
const data0 = <T>(response: LightMyRequestResponse) => response.json<T>();

/** Two different regulars of the community, chosen by the draws. */
function pair(community: Community, a: number, b: number): [Person, Person] | undefined {
  const { people } = community;
  if (people.length < 2) return undefined;
  const first = people[a % people.length]!;
  const second = people[(a + 1 + (b % (people.length - 1))) % people.length]!;
  return [first, second];
}

/** A listing of `seller`'s through the listing form (a flat-colour photo, so no stolen-photo check fires). */
async function listing(community: Community, seller: Person, price: string, photo: Buffer) {
  const form = multipart([...listingFields({ Price: price }), image(photo)]);
  const response = await community.formAs(seller, API.product.add, form);
  return ok(response) ? data<{ id: number }>(response).id : undefined;
}

/** Two regulars chosen by the draws, and a new listing of the first's at `price`. */
async function sellerAndListing(community: Community, a: number, b: number, price: string, photo: Buffer) {
  const people = pair(community, a, b);
  if (!people) return undefined;
  const productId = await listing(community, people[0], price, photo);
  return productId === undefined ? undefined : { seller: people[0], other: people[1], productId };
}

/** Amounts as people type them, and the ones the rules are about: zero, too many decimals, ten times the price. */
const amount = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 400 }) },
  { weight: 1, arbitrary: fc.constantFrom(0, -5, 0.001, 12.345, 4000, 1e9) },
  { weight: 1, arbitrary: fc.double({ min: 0.01, max: 999, noNaN: true }) },
);

const haggle = fc.record({
  seller: fc.nat(),
  buyer: fc.nat(),
  price: fc.integer({ min: 1, max: 300 }),
  offer: amount,
  /** What the seller does with the offer, and with the counter-offer the buyer's side then answers. */
  answer: fc.constantFrom('accept', 'decline', 'counter', 'withdraw'),
  counter: amount,
  acceptCounter: fc.boolean(),
  /** Sold to the buyer the hold names, to the buyer by id, or to someone else (no deal). */
  sale: fc.constantFrom('reserved', 'buyer', 'someone else'),
  stars: fc.tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 1, max: 5 })),
  text: fc.oneof(
    fc.constant(''),
    fc.string({ maxLength: 40 }),
    fc.string({ minLength: 490, maxLength: 520 }),
  ),
  /** The buyer calls the deal off instead of rating (one in four). */
  dispute: fc.nat({ max: 3 }).map((draw) => draw === 0),
  reply: fc.string({ maxLength: 60 }),
});
type HagglePlan = typeof haggle extends fc.Arbitrary<infer T> ? T : never;

/**
 * A story as a command of the sequence: its requests count against the run's budget like any other's, and the
 * community keeps its minimum of people first.
 */
abstract class Story<Plan> implements Command {
  constructor(
    protected readonly plan: Plan,
    protected readonly photo: Buffer,
  ) {}
  check = (model: Readonly<{ budget: number }>) => model.budget > 0;
  toString = () => `${this.constructor.name} ${JSON.stringify(this.plan)}`;

  async run(model: { budget: number }, community: Community) {
    const before = community.tally.sent;
    await community.enoughPeople();
    await this.story(community);
    model.budget -= community.tally.sent - before;
  }

  protected abstract story(community: Community): Promise<void>;
}

/** A buyer offers on a seller's new listing; they haggle, and an accepted offer becomes a deal both rate. */
class Haggle extends Story<HagglePlan> {
  protected async story(community: Community) {
    const { plan } = this;
    const scene = await sellerAndListing(community, plan.seller, plan.buyer, String(plan.price), this.photo);
    if (!scene) return;
    const { seller, other: buyer, productId } = scene;
    const made = await community.as(buyer, 'POST', API.offer.root, {
      body: { productId, amount: plan.offer },
    });
    if (!ok(made)) return;
    // The seller reads the offers of their listing (and is then the one shown them).
    await community.as(seller, 'GET', API.offer.root, { query: `?productId=${productId}` });
    let offer = data<{ id: number; status: string }>(made);
    if (offer.status !== 'pending') return; // below the seller's lowest: declined at once
    let accepted = false;
    if (plan.answer === 'withdraw') {
      await community.as(buyer, 'POST', API.offer.withdraw, { params: { id: offer.id } });
      return;
    }
    if (plan.answer === 'counter') {
      const countered = await community.as(seller, 'POST', API.offer.counter, {
        params: { id: offer.id },
        body: { amount: plan.counter },
      });
      if (!ok(countered)) return;
      offer = data(countered);
      await community.as(buyer, 'GET', API.offer.root, { query: `?productId=${productId}` });
      const answer = plan.acceptCounter ? API.offer.accept : API.offer.decline;
      accepted =
        ok(await community.as(buyer, 'POST', answer, { params: { id: offer.id } })) && plan.acceptCounter;
    } else if (plan.answer === 'decline') {
      // Declined, then held for the buyer after all (the offer started their chat), and let go again.
      await community.as(seller, 'POST', API.offer.decline, { params: { id: offer.id } });
      const hold = { productId, buyerId: buyer.id };
      if (ok(await community.as(seller, 'POST', API.product.reserve, { body: hold }))) {
        await community.as(seller, 'POST', API.product.unreserve, { body: { productId } });
      }
    } else {
      const answer = plan.answer === 'accept' ? API.offer.accept : API.offer.decline;
      accepted =
        ok(await community.as(seller, 'POST', answer, { params: { id: offer.id } })) &&
        plan.answer === 'accept';
    }
    if (!accepted) return;
    const sale = {
      productId,
      isSold: true,
      ...(plan.sale === 'buyer' && { buyerId: buyer.id }),
      ...(plan.sale === 'someone else' && { buyerId: null }),
    };
    // As the web asks the seller "Mark as sold to…" first.
    await community.as(seller, 'GET', API.deal.buyers, { query: `?productId=${productId}` });
    if (!ok(await community.as(seller, 'POST', API.product.changeSoldStatus, { body: sale }))) return;
    const deals = await community.as(buyer, 'GET', API.deal.root);
    const deal = ok(deals)
      ? data<Array<{ id: number; productId: number }>>(deals).find((each) => each.productId === productId)
      : undefined;
    await community.as(seller, 'GET', API.deal.root);
    if (!deal) return;
    if (plan.dispute) {
      await community.as(buyer, 'POST', API.deal.dispute, { params: { id: deal.id } });
      return;
    }
    const [sellerStars, buyerStars] = plan.stars;
    await community.as(seller, 'POST', API.review.root, {
      body: { dealId: deal.id, stars: sellerStars, text: plan.text },
    });
    const rated = await community.as(buyer, 'POST', API.review.root, {
      body: { dealId: deal.id, stars: buyerStars, text: plan.text },
    });
    if (!ok(rated)) return;
    // Both rated: published. The seller reads theirs (the one to answer), and answers it.
    const reviews = await community.as(seller, 'GET', API.review.byUser, { params: { userId: seller.id } });
    const review = ok(reviews) ? data<Array<{ id: number }>>(reviews)[0] : undefined;
    if (review) {
      await community.as(seller, 'POST', API.review.reply, {
        params: { id: review.id },
        body: { text: plan.reply },
      });
    }
  }
}

/** Messages the safety check reads as near-certain spam: a newcomer's are held for staff (docs/product.md §16). */
const SPAM = [
  'Is this still available? kindly text me on whatsapp +1 (318) 555-0199 for more details',
  'I will send a courier to pick it up, pay via cashapp first, text me at +1 318 555 0142',
];

const newcomer = fc.record({
  seller: fc.nat(),
  spam: fc.nat({ max: SPAM.length - 1 }),
  /** What staff decide: release, reject, or leave it for a generated request. */
  decision: fc.constantFrom('release', 'reject', 'later'),
  price: fc.integer({ min: 1, max: 300 }),
});
type NewcomerPlan = typeof newcomer extends fc.Arbitrary<infer T> ? T : never;

/** Someone signs up and at once writes to a seller what a scammer writes; staff look at what was held. */
class Newcomer extends Story<NewcomerPlan> {
  protected async story(community: Community) {
    const person = await community.signUp({ regular: false });
    await this.firstMessage(community, person);
    await community.settle(person);
  }

  private async firstMessage(community: Community, person: Person) {
    const { plan } = this;
    const seller = community.people[plan.seller % Math.max(community.people.length, 1)];
    if (!seller || !person.token) return;
    const productId = await listing(community, seller, String(plan.price), this.photo);
    if (productId === undefined) return;
    const body = { productId, receiverId: seller.id, message: SPAM[plan.spam] };
    const sent = await community.as(person, 'POST', API.message.send, { body });
    if (!ok(sent)) return;
    // A held message's answer carries the held message's id: staff may act on it before the list shows it (the
    // list is the oldest 200, and a long run holds more).
    const held = data<{ id: number; held?: boolean }>(sent);
    if (!held.held) return;
    const waiting = await community.as(community.admin, 'GET', API.staff.heldMessages);
    if (plan.decision === 'later' || !ok(waiting)) return;
    const decide = plan.decision === 'release' ? API.staff.releaseHeldMessage : API.staff.rejectHeldMessage;
    await community.as(community.admin, 'POST', decide, { params: { heldMessageId: held.id } });
  }
}

/** Places people pick from the address suggestions, and what they might type instead. */
const PLACES = [
  { address: 'Chicago, IL', latitude: 41.8781, longitude: -87.6298 },
  { address: 'Berlin, Germany', latitude: 52.52, longitude: 13.405 },
  { address: 'Sevilla, España', latitude: 37.3891, longitude: -5.9845 },
];

const settling = fc.record({
  place: fc.nat({ max: PLACES.length - 1 }),
  language: fc.constantFrom(undefined, null, 'en', 'de', 'es', 'fr'),
  /** A new e-mail address (to verify again: the link is asked for once more) or the one they had. */
  newAddress: fc.boolean(),
  photo: fc.boolean(),
  /** A browser turns on notifications, then perhaps asks for a test push, or turns them off again. */
  push: fc.constantFrom('none', 'on', 'on and tested', 'on and off'),
});
type SettlingPlan = typeof settling extends fc.Arbitrary<infer T> ? T : never;

/** Someone new sets up their account: where they live, their language, photos, notifications, a new address. */
class SettlingIn extends Story<SettlingPlan> {
  protected async story(community: Community) {
    const { plan } = this;
    const person = await community.signUp({ regular: false });
    const me = await community.as(person, 'GET', API.account.me);
    if (!ok(me)) return;
    const email = data<{ email: string }>(me).email;
    const details = {
      userId: person.id,
      userName: person.userName,
      email: plan.newAddress ? `moved.${email}` : email,
      ...PLACES[plan.place]!,
      ...(plan.language !== undefined && { language: plan.language }),
    };
    const saved = await community.as(person, 'POST', API.user.updateUserDetails, { body: details });
    // A new address is unverified: the person asks for the link again (the change sent one already).
    if (ok(saved) && plan.newAddress) await community.as(person, 'POST', API.account.resendVerification);
    if (plan.photo) {
      const form = multipart([
        { name: 'UserId', value: person.id },
        { name: 'ImageFile', filename: 'me.png', data: this.photo },
      ]);
      await community.formAs(person, API.user.uploadProfilePhoto, form);
      await community.formAs(person, API.user.uploadCoverPhoto, form);
    }
    if (plan.push === 'none') return;
    // What a browser's `PushSubscription.toJSON()` gives: an endpoint on the push service, a P-256 key, a secret.
    const { endpoint, keys } = community.pushService.subscription();
    const on = await community.as(person, 'POST', API.notifications.pushSubscriptions, {
      body: { endpoint, keys },
    });
    if (!ok(on)) return;
    if (plan.push === 'on and tested') await community.as(person, 'POST', API.notifications.test);
    if (plan.push === 'on and off') {
      await community.as(person, 'DELETE', API.notifications.pushSubscriptions, { body: { endpoint } });
    }
  }
}

const RS = '\u001e';
const HANDSHAKE = `{"protocol":"json","version":1}${RS}`;

const polling = fc.record({
  seller: fc.nat(),
  buyer: fc.nat(),
  message: fc.oneof(fc.constant('Still available?'), fc.string({ maxLength: 60 })),
  /** The hub and what is asked of it there. */
  hub: fc.constantFrom('chat', 'general', 'support'),
});
type PollingPlan = typeof polling extends fc.Arbitrary<infer T> ? T : never;

/**
 * Someone whose network lets no WebSocket through (a strict proxy): their browser's SignalR client falls back to
 * long polling over the hub's own URL. Negotiate, the first poll, the handshake, invocations sent by POST and
 * their answers collected by polls, then DELETE to end it.
 */
class OverLongPolling extends Story<PollingPlan> {
  protected async story(community: Community) {
    const { plan } = this;
    const people = pair(community, plan.seller, plan.buyer);
    if (!people) return;
    const [seller, buyer] = people;
    const invocations: unknown[][] = [];
    const hub = HUBS[plan.hub];
    if (plan.hub === 'chat') {
      const productId = await listing(community, seller, '25', this.photo);
      if (productId === undefined) return;
      invocations.push(
        [HUB_METHODS.chat.joinChat, seller.id, productId],
        [HUB_METHODS.chat.sendMessage, seller.id, plan.message, productId, new Date().toISOString()],
      );
    } else if (plan.hub === 'general') {
      invocations.push([HUB_METHODS.general.join, false]);
    } else {
      // Their open ticket, or a new one.
      const opened =
        (await community.as(buyer, 'GET', API.support.myActiveTicket)).json<{
          data?: { id: number } | null;
        }>().data ??
        (
          await community.as(buyer, 'POST', API.support.createTicket, {
            body: { subject: SUPPORT_SUBJECTS[0], message: 'The page does not load on my network' },
          })
        ).json<{ data?: { id: number } }>().data;
      if (!opened) return;
      invocations.push(
        [HUB_METHODS.support.joinChat, opened.id],
        [HUB_METHODS.support.sendMessage, { TicketId: opened.id, isUser: true, Message: plan.message }],
      );
    }
    const negotiated = await community.hubAs(buyer, 'POST', `${hub}/negotiate`, '?negotiateVersion=1');
    if (!ok(negotiated)) return;
    const id = `?id=${encodeURIComponent(data0<{ connectionToken: string }>(negotiated).connectionToken)}`;
    if (!ok(await community.hubAs(buyer, 'GET', hub, id))) return; // the first poll: answered at once
    if (!ok(await community.hubAs(buyer, 'POST', hub, id, HANDSHAKE))) return;
    await community.hubAs(buyer, 'GET', hub, id); // the handshake's answer
    const asked = invocations.map(([target, ...args], index) =>
      JSON.stringify({ type: 1, invocationId: String(index + 1), target, arguments: args }),
    );
    if (ok(await community.hubAs(buyer, 'POST', hub, id, asked.map((record) => record + RS).join('')))) {
      // Each poll answers what has come meanwhile, or waits for it: until every invocation has its completion.
      let completions = 0;
      for (let poll = 0; poll < 8 && completions < asked.length; poll += 1) {
        const answer = await community.hubAs(buyer, 'GET', hub, id);
        if (answer.statusCode !== 200) break;
        completions += answer.body.split(RS).filter((record) => record.includes('"type":3')).length;
      }
    }
    await community.hubAs(buyer, 'DELETE', hub, id);
  }
}

const moderation = fc.record({
  seller: fc.nat(),
  reporter: fc.nat(),
  reason: fc.oneof(fc.constant('Looks like a scam'), fc.string({ maxLength: 80 })),
  /** Staff put it back, with a word to the seller or without. */
  unhide: fc.constantFrom('with a reason', 'without', 'never'),
});
type ModerationPlan = typeof moderation extends fc.Arbitrary<infer T> ? T : never;

/** A listing is reported; staff hide it from everyone but its seller, and later put it back. */
class Moderation extends Story<ModerationPlan> {
  protected async story(community: Community) {
    const { plan } = this;
    const scene = await sellerAndListing(community, plan.seller, plan.reporter, '15', this.photo);
    if (!scene) return;
    const { other: reporter, productId } = scene;
    await community.as(reporter, 'POST', API.product.report, { body: { productId, reason: plan.reason } });
    await community.as(community.admin, 'GET', API.staff.reports);
    const params = { productId };
    const hidden = await community.as(community.admin, 'POST', API.staff.hideProduct, {
      params,
      body: { reason: plan.reason },
    });
    if (!ok(hidden) || plan.unhide === 'never') return;
    await community.as(community.admin, 'POST', API.staff.unhideProduct, {
      params,
      ...(plan.unhide === 'with a reason' && { body: { reason: 'Checked: nothing wrong' } }),
    });
  }
}

/**
 * One run of each story to its end, with plans where every step should succeed: a haggle accepted and rated by
 * both, one countered, accepted and called off by the buyer, one declined and held instead, and a newcomer's held
 * message released and another rejected. The fuzz run asserts they did, so a story an API change broke is noticed
 * rather than silently fuzzing less.
 */
export function storiesToTheEnd(photo: Buffer): Command[] {
  const base: HagglePlan = {
    seller: 0,
    buyer: 0,
    price: 40,
    offer: 30,
    answer: 'accept',
    counter: 35,
    acceptCounter: true,
    sale: 'reserved',
    stars: [5, 4],
    text: 'Friendly and on time.',
    dispute: false,
    reply: 'Thank you!',
  };
  return [
    new Haggle(base, photo),
    new Haggle({ ...base, seller: 1, answer: 'counter', sale: 'buyer', dispute: true }, photo),
    new Haggle({ ...base, seller: 2, answer: 'decline' }, photo),
    new Haggle({ ...base, seller: 1, buyer: 1, answer: 'withdraw' }, photo),
    new Newcomer({ seller: 0, spam: 0, decision: 'release', price: 20 }, photo),
    new Newcomer({ seller: 1, spam: 1, decision: 'reject', price: 20 }, photo),
    new SettlingIn({ place: 1, language: 'de', newAddress: true, photo: true, push: 'on and off' }, photo),
    new SettlingIn(
      { place: 0, language: null, newAddress: false, photo: false, push: 'on and tested' },
      photo,
    ),
    ...(['chat', 'general', 'support'] as const).map(
      (hub) => new OverLongPolling({ seller: 0, buyer: 1, message: 'Still available?', hub }, photo),
    ),
    new Moderation({ seller: 0, reporter: 1, reason: 'Looks like a scam', unhide: 'with a reason' }, photo),
  ];
}

/** The stories, for the sequence's mix of commands (fuzz/commands.ts). */
export function storyArbs(photo: Buffer): Array<{ weight: number; arbitrary: fc.Arbitrary<Command> }> {
  return [
    { weight: 4, arbitrary: haggle.map((plan): Command => new Haggle(plan, photo)) },
    { weight: 2, arbitrary: newcomer.map((plan): Command => new Newcomer(plan, photo)) },
    { weight: 1, arbitrary: settling.map((plan): Command => new SettlingIn(plan, photo)) },
    { weight: 1, arbitrary: polling.map((plan): Command => new OverLongPolling(plan, photo)) },
    { weight: 1, arbitrary: moderation.map((plan): Command => new Moderation(plan, photo)) },
  ];
}
