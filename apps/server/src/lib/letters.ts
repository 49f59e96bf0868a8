/**
 * Letters that are not a base letter with an accent, so stripping accents leaves them as they are, while people
 * without them on their keyboard type these ("Giessen" for Gießen, "Tromso" for Tromsø, "Lodz" for Łódź).
 * PostgreSQL's `unaccent`, which the listings' search uses, reads them the same way.
 */
const FOLDED: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
};
const UNFOLDED = new RegExp(`[${Object.keys(FOLDED).join('')}]`, 'g');

/** Lower case without accents, the letters of FOLDED spelled as people type them: "Straße" → "strasse". */
export function plainLetters(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(UNFOLDED, (letter) => FOLDED[letter] as string);
}
