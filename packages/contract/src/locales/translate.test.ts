import { describe, expect, it } from 'vitest';
import {
  fillText,
  formatPrice,
  messages,
  textsFor,
  translateText,
  translateWith,
  wordsOfItsOwn,
  type Catalogue,
} from '../index.js';

/**
 * A catalogue of its own, so the step is tested apart from any language's wording: every text in capitals, its
 * placeholders as they are ("New match for {search}" → "NEW MATCH FOR {search}").
 */
function shouted(node: unknown): unknown {
  if (typeof node === 'string')
    return node.replace(/([^{}]+)(?=\{|$)|(\{\w+\})/g, (part: string, words?: string) =>
      words ? words.toUpperCase() : part,
    );
  return Object.fromEntries(Object.entries(node as object).map(([key, child]) => [key, shouted(child)]));
}
const SHOUTED = shouted(messages) as Catalogue;
const say = (text: string) => translateWith(text, SHOUTED, 'de', { currency: 'EUR' });
const N = messages.notifications;

describe('saying an English text of the contract in another language', () => {
  it('finds a text by its words', () => {
    expect(say(messages.login.invalidCredentials)).toBe('INVALID USERNAME OR PASSWORD.');
    expect(say(messages.common.resourceNotFound)).toBe('WE COULD NOT FIND WHAT YOU WERE LOOKING FOR.');
  });

  it('finds a filled text by its template and fills the other language with the same values', () => {
    const english = fillText(messages.profile.followed, { username: 'maria' });
    expect(say(english)).toBe('YOU ARE NOW FOLLOWING maria.');
    const subject = fillText(N.emailMessageSubject, { name: 'ana', title: 'Lamp (blue)' });
    expect(say(subject)).toBe('ana SENT YOU A MESSAGE ABOUT Lamp (blue)');
  });

  it('fills a placeholder that comes twice with the same value', () => {
    const english = fillText(messages.emailVerification.emailBody, {
      username: 'maria',
      email: 'maria@example.com',
      product: 'Rummage',
      link: 'http://rummage.test/verify?token=x',
    });
    expect(say(english)).toBe(
      fillText(SHOUTED.emailVerification.emailBody, {
        username: 'maria',
        email: 'maria@example.com',
        product: 'Rummage',
        link: 'http://rummage.test/verify?token=x',
      }),
    );
  });

  it('tells the most particular template first: "3 people liked" is a count, not a name', () => {
    expect(say(fillText(N.likeTitleMany, { count: 3, title: 'Lamp' }))).toBe('3 PEOPLE LIKED Lamp');
    expect(say(fillText(N.likeTitleOne, { name: 'ana', title: 'Lamp' }))).toBe('ana LIKED Lamp');
  });

  it('writes a price again in the reader’s language and the installation’s currency', () => {
    const english = fillText(N.offerReceivedTitle, {
      name: 'ana',
      amount: formatPrice(1234.5, 'en', 'EUR'),
      title: 'Lamp',
    });
    expect(english).toBe('ana offered €1,234.50 for Lamp');
    expect(say(english).replace(/\u00a0/g, ' ')).toBe('ana OFFERED 1.234,50 € FOR Lamp');
  });

  it('says a value that is itself a text of the catalogue, but keeps a one-word name as it is', () => {
    const when = fillText(N.garageSaleWhen, { time: '9:00 AM' });
    expect(say(fillText(N.garageSaleBody, { title: 'Big sale', when }))).toBe(
      'Big sale STARTS TOMORROW AT 9:00 AM.',
    );
    expect(say(fillText(N.messageTitle, { name: N.deletedUser }))).toBe('NEW MESSAGE FROM DELETED USER');
    // "Release" is a button's text too; a person of that name keeps it.
    expect(say(fillText(N.messageTitle, { name: 'Release' }))).toBe('NEW MESSAGE FROM Release');
  });

  it('keeps a title whole when it holds the words that follow it in the template', () => {
    expect(say(fillText(N.reservedTitleSeller, { title: 'Desk for kids', name: 'bob' }))).toBe(
      'YOU RESERVED Desk for kids FOR bob',
    );
    expect(say(fillText(N.releasedTitleSeller, { title: 'Desk for kids', name: N.deletedUser }))).toBe(
      'YOU RELEASED THE RESERVATION OF Desk for kids FOR DELETED USER',
    );
    const when = fillText(N.garageSaleWhen, { time: '8:00 AM' });
    expect(say(fillText(N.garageSaleBody, { title: 'Sale starts early, come by', when }))).toBe(
      'Sale starts early, come by STARTS TOMORROW AT 8:00 AM.',
    );
  });

  it('leaves what people wrote, and texts the catalogue does not hold, as they are', () => {
    expect(say('Is the lamp still available?')).toBe('Is the lamp still available?');
    expect(say('')).toBe('');
  });

  it('leaves a person’s words that read like a template without words of its own as they are', () => {
    expect(say(fillText(N.savedSearchTitle, { search: 'ikea - billy' }))).toBe(
      fillText(SHOUTED.notifications.savedSearchTitle, { search: 'ikea - billy' }),
    );
    // German writes a page title's dash as "–": read as one, the saved search would change its name.
    const german = translateText(fillText(N.savedSearchTitle, { search: 'ikea - billy' }), 'de');
    expect(german).toBe(fillText(textsFor('de').notifications.savedSearchTitle, { search: 'ikea - billy' }));
    expect(translateText('ikea - billy', 'de')).toBe('ikea - billy');
  });

  it('changes nothing in English', () => {
    const text = fillText(messages.profile.followed, { username: 'maria' });
    expect(translateText(text, 'en')).toBe(text);
    expect(translateText(messages.login.invalidCredentials, 'en')).toBe(messages.login.invalidCredentials);
  });
});

/** Every text of a catalogue with its path. */
function textsOf(node: unknown, path: string[] = []): Array<[string[], string]> {
  if (typeof node === 'string') return [[path, node]];
  return Object.entries(node as object).flatMap(([key, child]) => textsOf(child, [...path, key]));
}
const at = (catalogue: unknown, path: string[]) =>
  path.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], catalogue) as string;

describe.each(['de', 'es'] as const)('every text of the contract in %s', (locale) => {
  it('is found again once filled, and said with the same values', () => {
    const seen = new Set<string>();
    const wrong: string[] = [];
    for (const [path, english] of textsOf(messages)) {
      // A text said twice in English is one text: its first place's words are used for both.
      if (seen.has(english)) continue;
      seen.add(english);
      // A template without words of its own is never looked for (the test below).
      if (/\{\w+\}/.test(english) && !wordsOfItsOwn(english)) continue;
      let n = 0;
      const values: Record<string, string> = {};
      for (const [, name = ''] of english.matchAll(/\{(\w+)\}/g))
        values[name] ??= name === 'count' ? String(++n + 1) : `Value${++n}`;
      // A price is written in each language's way.
      const priceName = path[0] === 'offers' && 'max' in values ? 'max' : 'amount';
      const price = (language: string) =>
        priceName in values ? { [priceName]: formatPrice(1234.5 + n, language, 'EUR') } : {};
      const expected = fillText(at(textsFor(locale), path), { ...values, ...price(locale) });
      const said = translateText(fillText(english, { ...values, ...price('en') }), locale, {
        currency: 'EUR',
      });
      if (said !== expected) wrong.push(`${path.join('.')}: ${said} ≠ ${expected}`);
    }
    expect(wrong).toEqual([]);
  });
});
