import { countNoun, formatCount, type CountNoun } from '@rummage/contract';
import { useLocale, useTexts } from '../i18n/useTexts';

/** An unread-count bubble; nothing at all when the count is zero, so "0" never draws the eye. */
export function CountBadge({
  count,
  noun,
  className = '',
}: {
  count: number;
  /** What is counted, read after the number ("1 unread message", "3 unread messages"), in the page's language. */
  noun: CountNoun;
  className?: string;
}) {
  const texts = useTexts();
  const locale = useLocale();
  if (!count || count <= 0) return null;
  return (
    <span
      data-testid="count-badge"
      className={`inline-flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs leading-5 font-bold text-white ${className}`}
    >
      {formatCount(count, locale)}
      <span className="sr-only"> {countNoun(count, noun, texts.common.counts)}</span>
    </span>
  );
}
