import { Suspense, lazy, useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ROUTES, fillText, type DistanceUnit } from '@rummage/contract';
import { useAppConfig } from '../../shared/config/useAppConfig';
import { useLocale, useTexts } from '../../shared/i18n/useTexts';
import { Banner } from '../../shared/ui/Banner';
import { EmptyState } from '../../shared/ui/EmptyState';
import { PageHeading } from '../../shared/ui/PageHeading';
import { Spinner } from '../../shared/ui/Spinner';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle';
import { useSavedLocation } from '../location';
import { useRouteSales } from './api';
import { fromLocalInput, makeTimeFormatter, saleZoneTime, toLocalInput } from './format';
import { planRoute, type LatLng, type PlannerStop } from './planner';
import { RoutePlanView, shownRoute } from './RoutePlanView';
import {
  DEFAULT_MINUTES_PER_STOP,
  RouteSettings,
  convertSpeedInput,
  settingsErrors,
  speedKmh,
  speedScale,
  type RouteSettingsValues,
} from './RouteSettings';
import { useRouteSelection } from './selection';

// Leaflet (script and stylesheet) loads with the map only, like the listing page's meetup map.
const RouteMap = lazy(() => import('./RouteMap'));

const mapBackground = <div className="h-full w-full bg-stone-200" />;

/** The settings as typed, with the unit the speed was typed in. */
interface EnteredSettings {
  values: RouteSettingsValues;
  unit: DistanceUnit;
}

/** The typed settings in `unit`: the installation's unit can arrive after the first paint, and the speed follows. */
function valuesIn(entered: EnteredSettings, unit: DistanceUnit): RouteSettingsValues {
  if (entered.unit === unit) return entered.values;
  return { ...entered.values, speedInput: convertSpeedInput(entered.values.speedInput, entered.unit, unit) };
}

function GoneNote({ count, onForget }: { count: number; onForget(): void }) {
  const texts = useTexts();
  return (
    <Banner tone="info">
      <p>
        {fillText(count === 1 ? texts.garageRoute.goneNote : texts.garageRoute.goneNotePlural, { count })}
      </p>
      <button type="button" className="mt-1 font-semibold text-brand-700 underline" onClick={onForget}>
        {texts.garageRoute.forgetGone}
      </button>
    </Banner>
  );
}

/** /garage/route: the best order to visit the picked garage sales, on a list and a map. */
export default function RoutePlannerPage() {
  const texts = useTexts();
  useDocumentTitle(texts.garageRoute.pageTitle);
  const selection = useRouteSelection();
  const { sales, goneIds, isLoading, failed, retry } = useRouteSales(selection.ids);
  const saved = useSavedLocation();
  const { config } = useAppConfig();
  const locale = useLocale();
  const unit = config.distanceUnit;
  const [entered, setEntered] = useState<EnteredSettings>(() => ({
    unit,
    values: {
      startInput: toLocalInput(new Date()),
      minutesInput: String(DEFAULT_MINUTES_PER_STOP),
      speedInput: String(speedScale(unit).defaultSpeed),
    },
  }));
  const values = useMemo(() => valuesIn(entered, unit), [entered, unit]);
  const setValues = useCallback(
    (next: RouteSettingsValues | ((current: RouteSettingsValues) => RouteSettingsValues)) =>
      setEntered((current) => ({
        unit,
        values: typeof next === 'function' ? next(valuesIn(current, unit)) : next,
      })),
    [unit],
  );

  const startTime = fromLocalInput(values.startInput);
  const errors = settingsErrors(values, startTime, texts.garageRoute, unit);
  const valid = Object.keys(errors).length === 0;
  const startMs = startTime?.getTime() ?? NaN;

  const hasSaved = saved.latitude !== null && saved.longitude !== null;
  // Without a saved place the trip starts at the first picked sale (the brief's fallback), and says so.
  const startLat = hasSaved ? saved.latitude! : sales[0]?.latitude;
  const startLng = hasSaved ? saved.longitude! : sales[0]?.longitude;
  const start = useMemo<LatLng | null>(
    () =>
      startLat === undefined || startLng === undefined ? null : { latitude: startLat, longitude: startLng },
    [startLat, startLng],
  );

  const salesById = useMemo(() => new Map(sales.map((sale) => [sale.id, sale])), [sales]);
  const format = useMemo(
    () => makeTimeFormatter(new Date(Number.isNaN(startMs) ? 0 : startMs), locale),
    [startMs, locale],
  );

  const plan = useMemo(() => {
    if (!start || !valid || sales.length === 0) return null;
    const stops: PlannerStop<number>[] = sales.map((sale) => ({
      id: sale.id,
      name: sale.title,
      latitude: sale.latitude,
      longitude: sale.longitude,
      opensAt: new Date(sale.eventDate),
      closesAt: new Date(sale.endsAt),
    }));
    const zoneOf = (id: number | undefined) => (id === undefined ? undefined : salesById.get(id)?.timeZone);
    return planRoute({
      start,
      startTime: new Date(startMs),
      stops,
      minutesPerStop: Number(values.minutesInput),
      averageSpeedKmh: speedKmh(Number(values.speedInput), unit),
      texts: texts.garageRoute,
      formatTime: (date, stop) => {
        const there = saleZoneTime(date, zoneOf(stop?.id), locale);
        return there
          ? `${format(date)} (${fillText(texts.garageRoute.saleZone, { time: there })})`
          : format(date);
      },
    });
  }, [
    start,
    valid,
    sales,
    salesById,
    startMs,
    values.minutesInput,
    values.speedInput,
    unit,
    format,
    locale,
    texts,
  ]);

  const route = plan ? shownRoute(plan) : undefined;
  const mapStops = useMemo(
    () => (route?.order ?? []).flatMap((id) => salesById.get(id) ?? []),
    [route, salesById],
  );

  let body;
  if (selection.ids.length === 0) {
    body = <EmptyRoute />;
  } else if (isLoading) {
    body = <Spinner label={texts.garageRoute.loadingSales} />;
  } else {
    body = (
      <div className="flex flex-col gap-4">
        {failed && (
          <Banner tone="error">
            <p>{texts.garageRoute.loadFailed}</p>
            <button type="button" className="mt-1 font-semibold underline" onClick={retry}>
              {texts.garageRoute.retry}
            </button>
          </Banner>
        )}
        {goneIds.length > 0 && (
          <GoneNote count={goneIds.length} onForget={() => goneIds.forEach((id) => selection.remove(id))} />
        )}
        {sales.length === 0 ? (
          !failed && <EmptyRoute />
        ) : (
          <div className="grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
            <div className="flex flex-col gap-6">
              <RouteSettings
                values={values}
                errors={errors}
                onChange={setValues}
                savedAddress={hasSaved ? (saved.address ?? '') : null}
                firstStopName={sales[0]?.title ?? null}
                unit={unit}
              />
              {plan && start && (
                <RoutePlanView
                  plan={plan}
                  start={start}
                  salesById={salesById}
                  format={format}
                  onRemove={selection.remove}
                  onLeaveAt={(date) =>
                    setValues((current) => ({ ...current, startInput: toLocalInput(date) }))
                  }
                />
              )}
            </div>
            {start && (
              <div
                role="region"
                aria-label={texts.garageRoute.mapLabel}
                className="relative z-0 h-80 overflow-hidden rounded-xl bg-stone-200 lg:sticky lg:top-24 lg:h-[32rem]"
              >
                <Suspense fallback={mapBackground}>
                  <RouteMap
                    start={start}
                    startLabel={
                      hasSaved
                        ? saved.address || texts.garageRoute.startMarker
                        : texts.garageRoute.startMarker
                    }
                    stops={mapStops}
                    tileUrl={config.mapTileUrl}
                    attribution={config.mapAttribution}
                  />
                </Suspense>
              </div>
            )}
          </div>
        )}
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8">
      <PageHeading>{texts.garageRoute.heading}</PageHeading>
      <p className="mt-2 max-w-2xl text-stone-700">{texts.garageRoute.intro}</p>
      <div className="mt-6">{body}</div>
    </div>
  );
}

function EmptyRoute() {
  const texts = useTexts();
  return (
    <EmptyState title={texts.garageRoute.emptyTitle} text={texts.garageRoute.emptyText}>
      <Link to={ROUTES.marketplace} className="btn btn-primary">
        {texts.garageRoute.browseMarketplace}
      </Link>
    </EmptyState>
  );
}
