import { formatCount } from './format.js';

/**
 * Nouns read with a count, singular and plural, so "1 view" is never "1 views". Every count the product shows with
 * a noun takes its words from here, through `countText` or `countNoun`; a page read in another language passes
 * its catalogue's `common.counts`.
 */
export const COUNT_NOUNS = {
  views: { one: 'view', other: 'views' },
  likes: { one: 'like', other: 'likes' },
  followers: { one: 'follower', other: 'followers' },
  itemsSold: { one: 'item sold', other: 'items sold' },
  garageSales: { one: 'garage sale', other: 'garage sales' },
  openReports: { one: 'open report', other: 'open reports' },
  suggestions: { one: 'suggestion available', other: 'suggestions available' },
  /** Chats with unread messages (the badges on the account menu). */
  unreadMessages: { one: 'unread message', other: 'unread messages' },
  unreadSupport: { one: 'unread support message', other: 'unread support messages' },
} as const;

/** A noun read with a count (`COUNT_NOUNS`). */
export type CountNoun = keyof typeof COUNT_NOUNS;

/** The nouns of one language: `COUNT_NOUNS` in English, a catalogue's `common.counts` in the others. */
export type CountNouns = { readonly [K in CountNoun]: { readonly one: string; readonly other: string } };

/** The noun a count is read with: the singular for exactly one, the plural otherwise ("0 views", "1 view"). */
export function countNoun(count: number, noun: CountNoun, nouns: CountNouns = COUNT_NOUNS): string {
  const forms = nouns[noun];
  return count === 1 ? forms.one : forms.other;
}

/**
 * A count and its noun, the count abbreviated as everywhere else: "1 view", "12 views", "1.5k views" ("1,5 Tsd.
 * Aufrufe" with German nouns and locale).
 */
export function countText(
  count: number,
  noun: CountNoun,
  nouns: CountNouns = COUNT_NOUNS,
  locale = 'en',
): string {
  return `${formatCount(count, locale)} ${countNoun(count, noun, nouns)}`;
}
