import { fillText } from '@rummage/contract';
import { countdown, spokenCountdown, twoDigits } from './time';
import { useTexts } from '../../shared/i18n/useTexts';

/** docs/product.md §2, §7: the maps service's search link for the sale's coordinates. */
export function mapsSearchUrl(latitude: number, longitude: number): string {
  return `https://www.google.com/maps/search/?api=1&query=${latitude},${longitude}`;
}

function LockIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4 shrink-0 fill-none stroke-current">
      <rect x="5" y="11" width="14" height="10" rx="2" strokeWidth="2" />
      <path d="M8 11V8a4 4 0 0 1 8 0v3" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * 'open google maps': a real link once the sale is live; before that a link-shaped text marked
 * aria-disabled, with no address and out of the tab order, so it cannot be followed early.
 */
function MapsLink({ live, latitude, longitude }: { live: boolean; latitude: number; longitude: number }) {
  const texts = useTexts();
  const className = 'btn w-full sm:w-auto';
  if (!live)
    return (
      <a role="link" aria-disabled="true" className={`${className} bg-stone-200 text-stone-600`}>
        <LockIcon />
        {texts.garage.openMaps}
      </a>
    );
  return (
    <a
      href={mapsSearchUrl(latitude, longitude)}
      target="_blank"
      rel="noopener noreferrer"
      className={`${className} btn-primary`}
    >
      {texts.garage.openMaps}
      <span className="sr-only"> {texts.garage.opensNewTab}</span>
    </a>
  );
}

/**
 * The detail page's countdown (docs/product.md §2): 'time left' in Days, Hours, Minutes and Seconds with directions
 * locked; at zero 'Live event' and directions open; without a valid start 'No valid event date/time'.
 */
export function CountdownPanel({
  start,
  now,
  latitude,
  longitude,
}: {
  start: Date | null;
  now: number;
  latitude: number;
  longitude: number;
}) {
  const texts = useTexts();
  const parts = start ? countdown(start, now) : null;
  const live = parts?.live ?? false;
  const units = parts
    ? [
        { value: parts.days, label: texts.garage.days },
        { value: parts.hours, label: texts.garage.hours },
        { value: parts.minutes, label: texts.garage.minutes },
        { value: parts.seconds, label: texts.garage.seconds },
      ]
    : [];

  return (
    <section
      aria-labelledby="garage-countdown-heading"
      className={`card overflow-hidden ${live ? 'ring-2 ring-red-700' : ''}`}
    >
      <div className="flex flex-col gap-4 p-4 md:p-5">
        {live ? (
          <h2
            id="garage-countdown-heading"
            className="flex items-center gap-2 text-xl font-bold text-red-800"
          >
            <span aria-hidden="true" className="h-3 w-3 animate-pulse rounded-full bg-red-700" />
            {texts.garage.live}
          </h2>
        ) : (
          <h2 id="garage-countdown-heading" className="text-sm font-bold tracking-wide text-stone-600">
            {texts.garage.timeLeft}
          </h2>
        )}
        {!parts && <p className="font-semibold text-stone-800">{texts.garage.noValidDate}</p>}
        {parts && !live && (
          <div
            role="timer"
            aria-label={fillText(texts.garage.timerLabel, { time: spokenCountdown(parts, texts.garage) })}
            className="grid grid-cols-4 gap-2"
          >
            {units.map((unit) => (
              <div
                key={unit.label}
                className="flex flex-col items-center rounded-xl bg-brand-50 px-1 py-3 text-brand-900"
              >
                <span className="font-mono text-3xl font-extrabold tabular-nums md:text-4xl">
                  {twoDigits(unit.value)}
                </span>
                <span className="text-xs font-semibold tracking-wide text-stone-700">{unit.label}</span>
              </div>
            ))}
          </div>
        )}
        {/* Announced when the sale goes live. */}
        <p role="status" className="flex items-center gap-2 text-stone-800">
          {live ? (
            texts.garage.liveText
          ) : (
            <>
              <LockIcon />
              {texts.garage.directionLocked}
            </>
          )}
        </p>
        <MapsLink live={live} latitude={latitude} longitude={longitude} />
      </div>
    </section>
  );
}
