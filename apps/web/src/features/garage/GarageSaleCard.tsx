import { Link } from 'react-router';
import { ROUTES, fillText, type GarageSale } from '@rummage/contract';
import { AddToRouteButton } from '../garage-route';
import { salePlace } from './api';
import { CardCountdown } from './Countdown';
import { countdown, dateBadge, formatEndTime, formatStart, saleEnd, saleStart, validZone } from './time';
import { useNow } from './useNow';
import { useLocale, useTexts } from '../../shared/i18n/useTexts';

/**
 * One garage sale as a card (docs/product.md §2, §4): a coloured header with the date, "Garage Sale in {place}",
 * the start, and a countdown to it refreshed every second (one shared clock), LIVE at zero. The heading link
 * stretches over the card and opens /garage/{id}; "Add to route" sits beside it, above the stretched link,
 * never inside it.
 */
export function GarageSaleCard({ sale, headingLevel = 3 }: { sale: GarageSale; headingLevel?: 2 | 3 }) {
  const texts = useTexts();
  const locale = useLocale();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const now = useNow();
  // The viewer's own zone; the server rendering the marketplace (src/prerender.tsx) knows only the sale's, which
  // is the viewer's too for a sale nearby.
  const zone = typeof window === 'undefined' ? validZone(sale.timeZone) : undefined;
  const start = saleStart(sale);
  const parts = start ? countdown(start, now) : null;
  const badge = start ? dateBadge(start, zone, locale) : null;
  const end = saleEnd(sale);
  const place = salePlace(sale);
  const headline = fillText(texts.garage.headline, { place });
  // The street address tells apart several sales in one city.
  const street = sale.title?.endsWith(`, ${place}`) ? sale.title.slice(0, -place.length - 2) : sale.title;
  const address = street && street !== place ? street : null;

  return (
    <article className="card group relative flex h-full flex-col overflow-hidden has-[a:focus-visible]:ring-3 has-[a:focus-visible]:ring-accent hover:shadow-md">
      <div
        aria-hidden="true"
        className="flex aspect-[4/3] w-full flex-col bg-gradient-to-br from-brand-500 via-brand-600 to-brand-800 p-2 text-white"
      >
        <span className="self-start rounded-full bg-accent px-2 py-0.5 text-[0.65rem] leading-tight font-bold tracking-wider text-stone-900 uppercase">
          {texts.header.garageSale}
        </span>
        <span className="flex flex-1 flex-col items-center justify-center">
          {badge ? (
            <>
              <span className="text-xs font-semibold tracking-widest uppercase opacity-90 md:text-sm">
                {badge.weekday}
              </span>
              <span className="text-4xl leading-none font-extrabold md:text-5xl">{badge.day}</span>
              <span className="text-xs font-semibold tracking-widest uppercase opacity-90 md:text-sm">
                {badge.month}
              </span>
            </>
          ) : (
            <span className="text-3xl font-extrabold">?</span>
          )}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-2 px-3 pt-2 pb-3">
        <Heading className="line-clamp-2 text-sm font-bold text-stone-900 md:text-base">
          {/* The link stretches over the whole card, so the header opens it too. */}
          <Link
            to={ROUTES.garage(sale.id)}
            className="after:absolute after:inset-0 after:content-[''] focus:outline-none focus-visible:outline-none"
          >
            {headline}
          </Link>
        </Heading>
        {address && <p className="-mt-1 truncate text-xs text-stone-600">{address}</p>}
        <p className="text-sm text-stone-700">
          {start ? formatStart(start, now, zone, texts.garage, locale) : texts.garage.noValidDate}
          {parts?.live && end && (
            <span className="block">
              {fillText(texts.garage.until, { time: formatEndTime(end, start!, zone, locale) })}
            </span>
          )}
        </p>
        <div className="mt-auto flex flex-wrap items-end justify-between gap-2">
          <CardCountdown parts={parts} />
          {/* Above the stretched link; a smaller toggle below 768 px so it fits a half-width card. */}
          <div className="relative z-10 max-md:[&_button]:px-2.5 max-md:[&_button]:text-xs">
            <AddToRouteButton saleId={sale.id} />
          </div>
        </div>
      </div>
    </article>
  );
}
