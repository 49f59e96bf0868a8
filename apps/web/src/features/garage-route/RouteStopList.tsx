import { Link } from 'react-router';
import { ROUTES, fillText } from '@rummage/contract';
import { useInstallationConfig } from '../../shared/config/useAppConfig';
import { useLocale, useTexts } from '../../shared/i18n/useTexts';
import type { RouteSale } from './api';
import { formatDistance, formatDuration, saleZoneRange, saleZoneTime } from './format';
import type { RouteSummary } from './planner';

/** Writes a distance (in km) in the installation's unit and the reader's language: "2.4 mi", "3,9 km". */
export function useDistanceText(): (km: number) => string {
  const unit = useInstallationConfig().distanceUnit;
  const texts = useTexts();
  const locale = useLocale();
  return (km) => formatDistance(km, unit, texts.garageRoute, locale);
}

/**
 * "10:05 AM" in the viewer's zone; with `zone`, plus the sale's own clock when that reads differently. Only
 * the arrival and the opening hours carry it: on every time it would drown the list.
 */
function TimeText({
  date,
  sale,
  format,
  zone = false,
}: {
  date: Date;
  sale: RouteSale;
  format: (date: Date) => string;
  zone?: boolean;
}) {
  const locale = useLocale();
  const texts = useTexts();
  const there = zone ? saleZoneTime(date, sale.timeZone, locale) : null;
  return (
    <>
      <time dateTime={date.toISOString()}>{format(date)}</time>
      {there && (
        <span className="font-normal text-stone-600">
          {' '}
          ({fillText(texts.garageRoute.saleZone, { time: there })})
        </span>
      )}
    </>
  );
}

/** "Open 8:00 AM – 2:00 PM", plus the same hours on the sale's clock when they read differently. */
function OpeningHours({ sale, format }: { sale: RouteSale; format: (date: Date) => string }) {
  const texts = useTexts();
  const opens = new Date(sale.eventDate);
  const closes = new Date(sale.endsAt);
  const there = saleZoneRange(opens, closes, sale.timeZone, useLocale());
  return (
    <p className="mt-1">
      {texts.garageRoute.open} <TimeText date={opens} sale={sale} format={format} /> –{' '}
      <TimeText date={closes} sale={sale} format={format} />
      {there && (
        <span className="text-stone-600"> ({fillText(texts.garageRoute.saleZone, { time: there })})</span>
      )}
    </p>
  );
}

function RemoveButton({ sale, onRemove }: { sale: RouteSale; onRemove(id: number): void }) {
  const texts = useTexts();
  return (
    <button
      type="button"
      className="shrink-0 self-start rounded-full px-3 py-2 text-sm font-semibold text-red-700 hover:bg-red-50"
      aria-label={fillText(texts.garageRoute.removeStop, { name: sale.title })}
      onClick={() => onRemove(sale.id)}
    >
      {texts.garageRoute.remove}
    </button>
  );
}

function SaleTitle({ sale }: { sale: RouteSale }) {
  return (
    <h3 className="font-bold text-stone-900">
      <Link to={ROUTES.garage(sale.id)} className="underline-offset-2 hover:underline">
        {sale.title}
      </Link>
    </h3>
  );
}

/** The stops of a plan in visiting order: drive, arrival, wait and departure for each. */
export function RouteStopList({
  plan,
  salesById,
  format,
  onRemove,
}: {
  plan: RouteSummary<number>;
  salesById: ReadonlyMap<number, RouteSale>;
  format: (date: Date) => string;
  onRemove(id: number): void;
}) {
  const texts = useTexts();
  const distance = useDistanceText();
  return (
    <ol aria-label={texts.garageRoute.orderLabel} className="flex flex-col gap-3">
      {plan.legs.map((leg, index) => {
        const sale = salesById.get(leg.to);
        if (!sale) return null;
        return (
          <li key={leg.to} className="card flex gap-3 p-4">
            {/* The list already numbers the stops for screen readers; this badge matches the map pin. */}
            <span
              aria-hidden="true"
              className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand text-sm font-bold text-white"
            >
              {index + 1}
            </span>
            <div className="min-w-0 flex-1 text-sm text-stone-700">
              <SaleTitle sale={sale} />
              {sale.location && <p>{sale.location}</p>}
              <p className="mt-1">
                {fillText(texts.garageRoute.travel, {
                  duration: formatDuration(leg.travelMinutes, texts.garageRoute),
                  distance: distance(leg.distanceKm),
                })}
              </p>
              <p className="mt-1 font-semibold text-stone-900">
                {texts.garageRoute.arrive} <TimeText date={leg.arrive} sale={sale} format={format} zone />
                {leg.waitMinutes >= 0.5 && (
                  <>
                    {' '}
                    ·{' '}
                    {fillText(texts.garageRoute.wait, {
                      duration: formatDuration(leg.waitMinutes, texts.garageRoute),
                    })}
                  </>
                )}{' '}
                · {texts.garageRoute.leave} <TimeText date={leg.depart} sale={sale} format={format} />
              </p>
              <OpeningHours sale={sale} format={format} />
            </div>
            <RemoveButton sale={sale} onRemove={onRemove} />
          </li>
        );
      })}
    </ol>
  );
}

/** Sales the best plan leaves out, each removable. */
export function MissedStopList({
  ids,
  salesById,
  format,
  onRemove,
}: {
  ids: readonly number[];
  salesById: ReadonlyMap<number, RouteSale>;
  format: (date: Date) => string;
  onRemove(id: number): void;
}) {
  return (
    <ul aria-labelledby="route-missed-heading" className="flex flex-col gap-3">
      {ids.map((id) => {
        const sale = salesById.get(id);
        if (!sale) return null;
        return (
          <li key={id} className="card flex gap-3 border border-red-200 p-4">
            <div className="min-w-0 flex-1 text-sm text-stone-700">
              <SaleTitle sale={sale} />
              {sale.location && <p>{sale.location}</p>}
              <OpeningHours sale={sale} format={format} />
            </div>
            <RemoveButton sale={sale} onRemove={onRemove} />
          </li>
        );
      })}
    </ul>
  );
}
