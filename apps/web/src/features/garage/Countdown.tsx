import { fillText } from '@rummage/contract';
import { useTexts } from '../../shared/i18n/useTexts';
import type { CountdownParts } from './time';
import { formatCountdown, spokenCountdown } from './time';

/**
 * The card's DD:HH:MM:SS countdown (docs/product.md §4), or LIVE at zero. A timer role with live announcements off:
 * a screen reader reads it when visited instead of every second.
 */
export function CardCountdown({ parts }: { parts: CountdownParts | null }) {
  const texts = useTexts();
  if (!parts) return null;
  if (parts.live)
    return (
      <p
        role="timer"
        aria-label={texts.garage.liveNow}
        className="inline-flex items-center gap-1.5 self-start rounded-full bg-red-700 px-2.5 py-0.5 text-xs font-bold tracking-wider text-white"
      >
        <span aria-hidden="true" className="h-2 w-2 animate-pulse rounded-full bg-white" />
        {texts.garage.liveBadge}
      </p>
    );
  return (
    <p
      role="timer"
      aria-label={fillText(texts.garage.startsInSpoken, { time: spokenCountdown(parts, texts.garage) })}
      className="flex flex-col text-stone-700"
    >
      <span className="text-xs font-medium tracking-wide uppercase">{texts.garage.startsIn}</span>
      <span className="font-mono text-base font-bold text-stone-900 tabular-nums">
        {formatCountdown(parts)}
      </span>
    </p>
  );
}
