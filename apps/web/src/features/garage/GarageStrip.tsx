import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { GarageSale } from '@rummage/contract';
import { PlanRouteLink, useRouteSelection } from '../garage-route';
import { GarageSaleCard } from './GarageSaleCard';
import { useTexts } from '../../shared/i18n/useTexts';

/** docs/product.md §2, §9: the strip shows 4 cards at 1024 px and wider, 3 from 768 px, else 2. */
export const STRIP_VISIBLE = { lg: 4, md: 3, base: 2 } as const;

/** How many cards fit at a viewport width (the same breakpoints as the slide classes below). */
export function visibleSlides(width: number): number {
  if (width >= 1024) return STRIP_VISIBLE.lg;
  if (width >= 768) return STRIP_VISIBLE.md;
  return STRIP_VISIBLE.base;
}

/**
 * A slide's width: (track − gaps) / visible, with the 0.75 rem gap below md and 1 rem from md up. Literal
 * class names so Tailwind finds them.
 */
export const SLIDE_CLASS =
  'w-[calc((100%-0.75rem)/2)] md:w-[calc((100%-2rem)/3)] lg:w-[calc((100%-3rem)/4)] shrink-0 snap-start';

function ArrowIcon({ flip }: { flip?: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={`h-5 w-5 fill-none stroke-current ${flip ? 'rotate-180' : ''}`}
    >
      <path strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" d="m9 5 7 7-7 7" />
    </svg>
  );
}

const arrowClass =
  'flex h-10 w-10 items-center justify-center rounded-full border-2 border-brand bg-white text-brand-700 hover:bg-brand-50 aria-disabled:cursor-not-allowed aria-disabled:border-stone-300 aria-disabled:text-stone-500 aria-disabled:hover:bg-white';

/**
 * The marketplace's garage-sale carousel (5 or more sales): a scroll-snapping row with previous/next
 * buttons that move a page of cards, arrow keys that move between cards, and "Plan my route" beside the
 * heading. A region named "Garage sales".
 */
export function GarageStrip({ sales }: { sales: readonly GarageSale[] }) {
  const texts = useTexts();
  const trackRef = useRef<HTMLUListElement>(null);
  const [atStart, setAtStart] = useState(true);
  const [atEnd, setAtEnd] = useState(false);

  const measure = useCallback(() => {
    const track = trackRef.current;
    if (!track) return;
    setAtStart(track.scrollLeft <= 1);
    setAtEnd(track.scrollLeft + track.clientWidth >= track.scrollWidth - 1);
  }, []);

  useEffect(() => {
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure, sales.length]);

  function page(direction: 1 | -1) {
    const track = trackRef.current;
    if (!track) return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    track.scrollBy({ left: direction * track.clientWidth, behavior: reduce ? 'auto' : 'smooth' });
  }

  /** Left/Right (and Home/End) move the focus from card to card; focusing scrolls the card into view. */
  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const keys = ['ArrowLeft', 'ArrowRight', 'Home', 'End'];
    if (!keys.includes(event.key)) return;
    const links = Array.from(
      trackRef.current?.querySelectorAll<HTMLAnchorElement>('li > article a[href]') ?? [],
    );
    const current = links.findIndex((link) => link.closest('li')?.contains(document.activeElement));
    if (current === -1) return;
    const last = links.length - 1;
    const target = {
      ArrowLeft: Math.max(0, current - 1),
      ArrowRight: Math.min(last, current + 1),
      Home: 0,
      End: last,
    }[event.key as 'ArrowLeft'];
    event.preventDefault();
    links[target]?.focus();
  }

  return (
    <section
      aria-labelledby="garage-strip-heading"
      aria-roledescription="carousel"
      className="flex flex-col gap-3"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="garage-strip-heading" className="text-xl font-bold text-stone-900">
          {texts.garage.stripHeading}
        </h2>
        <div className="flex items-center gap-2">
          <PlanRouteLink className="btn btn-outline min-h-10 py-1 text-sm" />
          <button
            type="button"
            className={arrowClass}
            onClick={() => !atStart && page(-1)}
            // aria-disabled rather than disabled: reaching the end must not drop the keyboard focus.
            aria-disabled={atStart}
            aria-label={texts.garage.previous}
          >
            <ArrowIcon flip />
          </button>
          <button
            type="button"
            className={arrowClass}
            onClick={() => !atEnd && page(1)}
            aria-disabled={atEnd}
            aria-label={texts.garage.next}
          >
            <ArrowIcon />
          </button>
        </div>
      </div>
      <ul
        ref={trackRef}
        onScroll={measure}
        onKeyDown={onKeyDown}
        data-testid="garage-strip-track"
        className="flex snap-x snap-mandatory scroll-smooth gap-3 overflow-x-auto pb-3 md:gap-4 [scrollbar-width:thin] motion-reduce:scroll-auto"
      >
        {sales.map((sale) => (
          <li key={sale.id} className={SLIDE_CLASS}>
            <GarageSaleCard sale={sale} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One to four sales: `<li>` cards at the front of the product grid (docs/product.md §2). */
export function GarageGridCards({ sales }: { sales: readonly GarageSale[] }) {
  return sales.map((sale) => (
    <li key={`garage-${sale.id}`} className="flex flex-col">
      <GarageSaleCard sale={sale} headingLevel={2} />
    </li>
  ));
}

/** "Plan my route (n)" above the grid when the sales sit in it; nothing until a sale is picked. */
export function RouteLinkRow() {
  const { ids } = useRouteSelection();
  if (ids.length === 0) return null;
  return (
    <div className="flex justify-end">
      <PlanRouteLink />
    </div>
  );
}
