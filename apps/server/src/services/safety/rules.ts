/**
 * The known scam patterns of a marketplace chat (docs/product.md §16), as rules a person can read. Each answers
 * whether a message shows its pattern; `ruleWarning` asks them in order of harm and answers the first kind found.
 * They look for the pattern, not for single words: "cash or Venmo at pickup" and "the gate code is 4471" are how
 * honest people talk, and the corpus's honest messages keep the rules to that (bench/scam).
 */
import type { SafetyWarningKind } from '@rummage/contract';

export interface RuleContext {
  /**
   * Whether both people have written in this conversation already. Before that, a phone number or another app is
   * the classic first move of a scam; later, sharing a number to find each other at the pickup is normal.
   */
  bothHaveWritten: boolean;
  /** This installation's own host name (from PUBLIC_URL), whose look-alikes are warned about. */
  ownHost: string;
  /** The names a look-alike of this site borrows (ownNames). */
  ownNames: readonly string[];
}

/**
 * Lower case, without the tricks that dodge a pattern: zero-width characters, letters spaced or dotted apart
 * ("w h a t s a p p", "whats.app"), and look-alike characters (@ for a, 0 for o) inside words.
 */
export function normalise(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u200b-\u200f\u2060\ufeff]/g, '')
    .replace(/(?<=[a-z])@(?=[a-z]{2,}\b(?![.]))/g, 'a')
    .replace(/(?<=[a-z])0(?=[a-z])/g, 'o')
    .replace(/\s+/g, ' ');
}

/** Single letters spaced or dotted apart ("t e l e g r a m") joined up, for looking up app names. */
const joinedLetters = (text: string) =>
  text.replace(/\b(?:[a-z][\s._-]){3,}[a-z]\b/g, (run) => run.replace(/[\s._-]/g, ''));

const OTHER_APPS =
  /\b(whats\s*-?\s*app|whatsap+|watsap+|wa\.me|w\/a|wa:|tele\s*-?\s*gram|t\.me\/|tg @|signal (app|username|user|id|me)|on signal|via signal|wechat|we chat|kik|viber|line app|google chat|hangouts|snap ?chat|on snap|snap:|skype|messenger|hmu)\b/;
/** Asking for a way to talk elsewhere: "your number", "your email address". */
const ASKS_CONTACT =
  /\b(your|ur|a|the) (e-?mail( address)?|gmail|cell( phone)?( number)?|mobile( number)?|phone number|(phone|cell|mobile|whatsapp) no|number so|personal number)\b|\b(gmail|email|e-mail|mail) me\b|\bvia gmail\b/;
const EMAIL =
  /[a-z0-9][a-z0-9._%+-]*\s*(?:@|\(at\)|\[at\]|\sat\s)\s*[a-z0-9-]+(?:\s*(?:\.|\(dot\)|\[dot\]|\sdot\s)\s*[a-z]{2,})+/;
const DIGIT_WORDS = '(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)';
const SPELLED_NUMBER = new RegExp(`\\b${DIGIT_WORDS}(?:[\\s,-]+${DIGIT_WORDS}){6,}\\b`);

/** A phone number: ten or more digits in one run, whatever separates them. */
function hasPhoneNumber(text: string): boolean {
  for (const run of text.match(/\+?\d[\d\s().-]{7,}\d/g) ?? []) {
    if (run.replace(/\D/g, '').length >= 10) return true;
  }
  return SPELLED_NUMBER.test(text);
}

export function movesOffPlatform(text: string): boolean {
  return (
    OTHER_APPS.test(joinedLetters(text)) ||
    ASKS_CONTACT.test(text) ||
    EMAIL.test(text) ||
    hasPhoneNumber(text)
  );
}

const CODE_NAMES =
  /\b(otp|(verification|verify|confirmation|confirm|security|sms|text|google( voice)?|whatsapp|\d ?-?digit|six ?-?digit|four ?-?digit|one ?-?time|login|authentication|auth) ?(code|pin|number))\b/;
const CODE_ASKED =
  /\b(code|pin)\b[^.?!]{0,40}\b(you (just |will |'ll )?(get|got|receive|received)|sent to (you|your phone|your number)|i (just )?(sent|texted)|i('ll| will) (send|text))|\b(send|tell|give|share|forward|read|type|text) (me |us )?(the |that |your )?(\d ?-?digit |six ?-?digit )?(code|pin)\b/;

/** A code that arrives on the person's phone, and is then asked for. */
const CODE_SENT =
  /\b(receive|received|get|got|you'?ll get|texted|sent|coming to your phone|check your texts|the sms|the text)\b/;
const CODE_WANTED = /\b(reply|tell|send|give|read|what (is|does|did)|share|forward|type)\b/;

export function asksForCode(text: string): boolean {
  if (CODE_NAMES.test(text) || CODE_ASKED.test(text)) return true;
  return /\b(codes?|sms)\b/.test(text) && CODE_SENT.test(text) && CODE_WANTED.test(text);
}

const URL =
  /\b(?:https?:\/\/|www\.)[^\s<>"]+|\b(?:[a-z0-9-]+\.)+(?:com|net|org|co|io|xyz|top|info|biz|link|shop|site|online|me|ly|app|pay|cc|us|ru|cn|tk|live|club|store)\b(?:\/[^\s<>"]*)?/g;
const SHORTENERS =
  /^(bit\.ly|tinyurl\.com|t\.co|goo\.gl|cutt\.ly|is\.gd|rb\.gy|ow\.ly|shorturl\.at|tiny\.cc|rebrand\.ly)$/;
const MONEY_WORDS =
  /\b(pay|paid|payment|money|funds|receive|claim|transfer|deliver|delivery|shipping|courier|escrow|card|secure|verify|bank|refund|wallet|checkout|invoice|confirm)/;

/** The host names of the links in a message. */
export function linkHosts(text: string): string[] {
  return (text.match(URL) ?? []).map((link) =>
    link
      .replace(/^https?:\/\//, '')
      .replace(/^www\./, '')
      .split(/[/?#:]/)[0]!
      .replace(/\.$/, ''),
  );
}

/**
 * The names a look-alike borrows: the site's first host label ("rummage" of rummage.example.org) and its product
 * name, when long enough to be distinctive.
 */
export function ownNames(ownHost: string, productName = ''): string[] {
  const first =
    ownHost
      .toLowerCase()
      .replace(/^www\./, '')
      .split('.')[0] ?? '';
  const product = productName.toLowerCase().replace(/[^a-z0-9]/g, '');
  return [...new Set([first, product])].filter((name) => name.length >= 4 && name !== 'localhost');
}

/** A link whose host borrows this site's name ("rummage-pay.com", "rummage.delivery.net") but is not this site. */
export function hasLookalikeLink(text: string, ownHost: string, names: readonly string[]): boolean {
  const own = ownHost.toLowerCase().replace(/^www\./, '');
  return linkHosts(text).some(
    (host) => host !== own && !host.endsWith(`.${own}`) && names.some((name) => host.includes(name)),
  );
}

export function hasPaymentLink(text: string): boolean {
  const hosts = linkHosts(text);
  if (hosts.length === 0) return false;
  return hosts.some((host) => SHORTENERS.test(host) || MONEY_WORDS.test(host)) || MONEY_WORDS.test(text);
}

const FEE =
  /\b(deposit|fee|insurance|upfront|up front|in advance|advance payment|pay first|paying first|before (pickup|pick up|delivery|shipping)|reservation fee|holding fee|release fee)\b/;
const GO_BETWEEN =
  /\b(courier|mover|movers|shipping (company|agent|service)|delivery (agent|company|service|man|guy)|fedex|ups|dhl|usps|pick ?-?up (agent|service|company)|agent|logistics|transport company|freight)\b/;

export function asksForAdvancePayment(text: string): boolean {
  const paysFirst =
    /\b(pay|send|transfer|wire|cover)\b[^.?!]{0,60}\b(deposit|fee|insurance|label|permit|fuel|gas money|reservation)\b/.test(
      text,
    ) && !/\bno (deposit|fee)\b|\bdon'?t (need to )?pay\b|\bin cash\b/.test(text);
  return (GO_BETWEEN.test(text) && FEE.test(text)) || paysFirst;
}

const SENDS_BACK =
  /\b((send|give|wire|refund|return|transfer|western union|zelle|venmo)( me)? (back|the rest|the change|the balance|the remaining)|instead of \$\d|by mistake|accidentally (sent|paid)|wrong amount|paid (you )?twice|keep \$?\d+ (for|and))\b/;

export function describesOverpayment(text: string): boolean {
  if (SENDS_BACK.test(text) && /\$?\d/.test(text)) return true;
  return /\b(over ?-?pa(y|id|yment)|more than (the |your )?(asking |listed )?price|extra (money|amount|funds)|(refund|send|give|wire|transfer) (me |back |me back )?(the )?(difference|balance|excess|extra|remaining)|cashier'?s? che(ck|que)|certified che(ck|que)|money order)\b/.test(
    text,
  );
}

export function mentionsGiftCards(text: string): boolean {
  return /\b(gift ?-?cards?|itunes cards?|apple cards?|steam (cards?|wallet)|google play (cards?|codes?)|amazon (cards?|codes?)|ebay cards?|vanilla (visa|cards?)|razer gold)\b/.test(
    text,
  );
}

export function mentionsCrypto(text: string): boolean {
  return /\b(bitcoin|btc|usdt|tether|ethereum|eth|crypto(currency|currencies)?|wallet address|binance|coinbase|trc-?20|erc-?20|litecoin|dogecoin|solana)\b/.test(
    text,
  );
}

export function asksToScanCode(text: string): boolean {
  return /\bq\.?\s?r\.?\b|\bscan (this|the|my|that) (code|image|picture|barcode)\b/.test(text);
}

/** The rules, in order of harm: the first that matches names the warning. */
const RULES: ReadonlyArray<[SafetyWarningKind, (text: string, context: RuleContext) => boolean]> = [
  ['verificationCode', asksForCode],
  ['lookalikeLink', (text, context) => hasLookalikeLink(text, context.ownHost, context.ownNames)],
  ['paymentLink', hasPaymentLink],
  ['giftCard', mentionsGiftCards],
  ['crypto', mentionsCrypto],
  ['qrCode', asksToScanCode],
  ['overpayment', describesOverpayment],
  ['advancePayment', asksForAdvancePayment],
  ['offPlatform', (text, context) => !context.bothHaveWritten && movesOffPlatform(text)],
];

/** The first rule a message breaks, or null. */
export function ruleWarning(text: string, context: RuleContext): SafetyWarningKind | null {
  const normalised = normalise(text);
  for (const [kind, breaks] of RULES) if (breaks(normalised, context)) return kind;
  return null;
}
