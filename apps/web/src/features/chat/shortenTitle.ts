import { INBOX_TITLE_WORDS } from '@rummage/contract';

/**
 * Inbox rows show a listing's title as its first INBOX_TITLE_WORDS words plus the first letter of the next
 * word and a dot (docs/product.md §2, §9): "Blue velvet sofa bed" → "Blue velvet s.". Shorter titles stay whole.
 */
export function shortenTitle(title: string, words: number = INBOX_TITLE_WORDS): string {
  const parts = title.trim().split(/\s+/).filter(Boolean);
  if (parts.length <= words) return parts.join(' ');
  const kept = parts.slice(0, words).join(' ');
  // The first letter or digit, whole even outside the BMP; a word of only punctuation has none to show.
  const initial = Array.from(parts[words] ?? '').find((char) => /[\p{L}\p{N}]/u.test(char));
  return initial ? `${kept} ${initial}.` : kept;
}
