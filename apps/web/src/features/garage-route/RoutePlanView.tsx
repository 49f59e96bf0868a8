import { fillText } from '@rummage/contract';
import { Banner } from '../../shared/ui/Banner';
import type { RouteSale } from './api';
import { directionsUrl, formatDuration } from './format';
import type { LatLng, RoutePlan, RouteSummary } from './planner';
import { MissedStopList, RouteStopList, useDistanceText } from './RouteStopList';
import { useTexts } from '../../shared/i18n/useTexts';

/** Past this wait at the first sale, offer to leave later instead (every later time stays the same). */
const FIRST_WAIT_HINT_MINUTES = 30;

/** The plan to draw: the full route, or the best partial one when no order reaches every sale. */
export function shownRoute(plan: RoutePlan<number>): RouteSummary<number> | undefined {
  return plan.feasible ? plan : plan.bestPartial;
}

function Summary({ route, format }: { route: RouteSummary<number>; format: (date: Date) => string }) {
  const texts = useTexts();
  const distance = useDistanceText();
  const values = {
    count: route.order.length,
    distance: distance(route.totalDistanceKm),
    duration: formatDuration(route.totalMinutes, texts.garageRoute),
    finish: format(route.finishAt),
  };
  return (
    <p className="font-semibold text-stone-900">
      {fillText(route.order.length === 1 ? texts.garageRoute.summaryOne : texts.garageRoute.summary, values)}
    </p>
  );
}

/** The plan: summary or explanation, the visiting order, what can't fit, and the directions link. */
export function RoutePlanView({
  plan,
  start,
  salesById,
  format,
  onRemove,
  onLeaveAt,
}: {
  plan: RoutePlan<number>;
  start: LatLng;
  salesById: ReadonlyMap<number, RouteSale>;
  format: (date: Date) => string;
  onRemove(id: number): void;
  /** Moves the start time (the "leave later" hint). */
  onLeaveAt(date: Date): void;
}) {
  const texts = useTexts();
  const route = shownRoute(plan);
  const total = salesById.size;
  const stopsInOrder = (route?.order ?? []).flatMap((id) => salesById.get(id) ?? []);
  const mapsUrl = route ? directionsUrl(start, stopsInOrder) : null;
  const firstLeg = route?.legs[0];
  const leaveAt =
    firstLeg && firstLeg.waitMinutes > FIRST_WAIT_HINT_MINUTES
      ? new Date(firstLeg.arrive.getTime() - firstLeg.travelMinutes * 60_000 + firstLeg.waitMinutes * 60_000)
      : null;

  return (
    <section aria-labelledby="route-plan-heading" className="flex flex-col gap-4">
      <h2 id="route-plan-heading" className="text-xl font-bold text-stone-900">
        {plan.feasible ? texts.garageRoute.planHeading : texts.garageRoute.infeasibleHeading}
      </h2>
      {plan.feasible ? (
        route && route.order.length > 0 && <Summary route={route} format={format} />
      ) : (
        <Banner tone="error">
          <p>{plan.reason}</p>
          {plan.code === 'windows' && (
            <p className="mt-1">
              {route
                ? fillText(texts.garageRoute.bestPartial, { visited: route.order.length, total })
                : texts.garageRoute.noPartial}
            </p>
          )}
        </Banner>
      )}
      {!plan.feasible && route && <Summary route={route} format={format} />}
      {leaveAt && firstLeg && (
        <div className="flex flex-wrap items-center gap-3 text-sm text-stone-700">
          <p>
            {fillText(texts.garageRoute.firstWait, {
              duration: formatDuration(firstLeg.waitMinutes, texts.garageRoute),
            })}
          </p>
          <button type="button" className="btn btn-outline" onClick={() => onLeaveAt(leaveAt)}>
            {fillText(texts.garageRoute.leaveLater, { time: format(leaveAt) })}
          </button>
        </div>
      )}
      {route && route.legs.length > 0 && (
        <RouteStopList plan={route} salesById={salesById} format={format} onRemove={onRemove} />
      )}
      {mapsUrl && (
        <p>
          <a
            href={mapsUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="btn btn-primary"
            aria-describedby="route-maps-new-tab"
          >
            {texts.garageRoute.openInMaps}
            <span aria-hidden="true">↗</span>
          </a>
          <span id="route-maps-new-tab" className="sr-only">
            {texts.garageRoute.opensNewTab}
          </span>
        </p>
      )}
      {!plan.feasible && plan.unreachable.length > 0 && (
        <>
          <h3 id="route-missed-heading" className="text-lg font-bold text-stone-900">
            {texts.garageRoute.missedHeading}
          </h3>
          <MissedStopList ids={plan.unreachable} salesById={salesById} format={format} onRemove={onRemove} />
        </>
      )}
    </section>
  );
}
