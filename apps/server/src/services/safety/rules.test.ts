import { describe, expect, it } from 'vitest';
import { ownNames, ruleWarning, type RuleContext } from './rules.js';

const first: RuleContext = {
  bothHaveWritten: false,
  ownHost: 'rummage.example.org',
  ownNames: ownNames('rummage.example.org', 'Rummage'),
};
const later: RuleContext = { ...first, bothHaveWritten: true };
const kindOf = (text: string, context = first) => ruleWarning(text, context);

describe('moving the talk off the platform', () => {
  it('warns about another app, a phone number or an e-mail address in a first message', () => {
    for (const text of [
      'Is this still available? Contact me on WhatsApp',
      'interested, add me on w h a t s a p p please',
      'pls text me at (312) 555-0142 for details',
      'call me +1 318 555 0199',
      'email me at john.smith1960@gmail.com',
      'my mail: john.smith1960 at gmail dot com',
      'message me on Telegram @quickbuyer',
      'five five five two zero one three three four four is my number',
    ])
      expect(kindOf(text), text).toBe('offPlatform');
  });

  it('lets people who both wrote already share a number, and never flags prices, dates or addresses', () => {
    expect(kindOf('here is my number (312) 555-0142 if you get lost', later)).toBeNull();
    for (const text of [
      'Would you take $1,200 for it?',
      'I can come 12/05 at 6:30',
      "I'm at 1234 N Clark St, unit 4B",
      'zip code 60614, is that close?',
      'text me when you are close',
    ])
      expect(kindOf(text), text).toBeNull();
  });
});

describe('asking for a verification code', () => {
  it('warns, in the first message and later alike', () => {
    for (const text of [
      "I'll send you a 6-digit code, tell me it to confirm you're real",
      'send me the code you just got',
      'what is the verification code?',
      'please read me the Google Voice code',
    ]) {
      expect(kindOf(text), text).toBe('verificationCode');
      expect(kindOf(text, later), text).toBe('verificationCode');
    }
  });

  it('does not mistake a gate code or a zip code for one', () => {
    expect(kindOf('the gate code is 4471, come on in', later)).toBeNull();
    expect(kindOf("what's your zip code?")).toBeNull();
  });
});

describe('links', () => {
  it('warns about a payment or delivery link, and a shortened one', () => {
    expect(kindOf('pay here: https://secure-payments-now.co/checkout/8812')).toBe('paymentLink');
    expect(kindOf('I paid, click to receive your money www.fastfunds.xyz')).toBe('paymentLink');
    expect(kindOf('details at bit.ly/3xYz9')).toBe('paymentLink');
  });

  it("names a look-alike of this site's own address, and leaves this site's own links alone", () => {
    expect(kindOf('complete the sale at https://rummage-delivery.net/confirm')).toBe('lookalikeLink');
    expect(kindOf('see https://rummage.example.org/product-detail/12', later)).toBeNull();
  });

  it('leaves an ordinary link without money talk alone', () => {
    expect(kindOf('the manual is on https://www.ikea.com/us/en/ if you want it', later)).toBeNull();
  });
});

describe('paying before the item is seen', () => {
  it('warns about a courier with a deposit or fee', () => {
    expect(kindOf('my courier will pick it up, just pay the $50 insurance first')).toBe('advancePayment');
    expect(kindOf('send the deposit and the mover comes tomorrow')).toBe('advancePayment');
  });

  it('warns about overpayment and refunds of the difference', () => {
    expect(kindOf("I sent a cashier's check for $800 more, refund the difference")).toBe('overpayment');
  });

  it('warns about gift cards, crypto and QR codes', () => {
    expect(kindOf('can you pay the fee with Apple gift cards?')).toBe('giftCard');
    expect(kindOf('I pay in USDT, send your wallet address')).toBe('crypto');
    expect(kindOf('scan this QR code to receive the payment')).toBe('qrCode');
  });

  it('leaves honest payment talk alone', () => {
    for (const text of [
      'cash only please',
      'can I pay with Venmo when I pick it up?',
      'Zelle is fine once you see it',
      'it was a gift, never used',
      'I can deliver within 5 miles for $10',
    ])
      expect(kindOf(text, later), text).toBeNull();
  });
});
