/**
 * Garage-sale route planner: the visiting order that finishes soonest, arriving at every sale while it is
 * open. Pure TypeScript (no React, no I/O) so it can be tested exhaustively.
 *
 * Rules (the issue says "arrive after it starts, before it ends"):
 * - Travel time is the straight-line (haversine) distance × `roadFactor`, at `averageSpeedKmh`.
 * - Arriving before a sale opens means waiting until it opens.
 * - A stop is possible when you ARRIVE no later than its closing time. The visit itself may run past
 *   closing: the buyer is already there, and counting the stay against the window would rule out the
 *   common "catch it just before it shuts" plan.
 * - The route ends at the last sale (no return leg): the directions link ends there too.
 *
 * Search: exact dynamic programming over subsets (Held–Karp with time windows). State = (visited set, last
 * stop). Earliest departure dominates (leaving earlier never makes a later arrival impossible), but the
 * distance tie-break is not monotone once waits enter (a slower, shorter path can catch up while waiting
 * for a sale to open), so each state keeps its Pareto front of (departure, distance) labels instead of a
 * single value. With ≤ 10 stops that is 1,024 × 10 states with a handful of labels each.
 */
import { fillText, haversineKm, messages, type Catalogue } from '@rummage/contract';

/** Enough for a morning of sales, and 2^10 × 10 states keeps the exact search instant on a phone. */
export const MAX_ROUTE_STOPS = 10;
/** Roads wind; straight-line distance × 1.3 is a common rule of thumb for towns and suburbs. */
export const DEFAULT_ROAD_FACTOR = 1.3;

const MS_PER_MINUTE = 60_000;

export type StopId = string | number;

export interface LatLng {
  latitude: number;
  longitude: number;
}

export interface PlannerStop<Id extends StopId = StopId> extends LatLng {
  id: Id;
  /** Used in explanations, e.g. "Maple St sale closes at 2:00 PM…"; "Sale {id}" otherwise. */
  name?: string;
  opensAt: Date;
  closesAt: Date;
}

export interface PlanInput<Id extends StopId = StopId> {
  start: LatLng;
  startTime: Date;
  stops: readonly PlannerStop<Id>[];
  minutesPerStop: number;
  averageSpeedKmh: number;
  /** Straight line → road distance. Default 1.3. */
  roadFactor?: number;
  /** How explanations show times; the page passes one that knows the viewer's and the sale's zones. */
  formatTime?: (date: Date, stop?: PlannerStop<Id>) => string;
  /** The reader's language, for times written without `formatTime`. Default English. */
  locale?: string;
  /** The words of the explanations, in the reader's language; English unless given. */
  texts?: Catalogue['garageRoute'];
}

export interface RouteLeg<Id extends StopId = StopId> {
  /** `null` is the starting point. */
  from: Id | null;
  to: Id;
  /** Estimated road distance (straight line × road factor). */
  distanceKm: number;
  travelMinutes: number;
  arrive: Date;
  /** Minutes spent waiting for the sale to open. */
  waitMinutes: number;
  depart: Date;
}

export interface RouteSummary<Id extends StopId = StopId> {
  order: Id[];
  legs: RouteLeg<Id>[];
  /** From `startTime` to leaving the last sale. */
  totalMinutes: number;
  totalDistanceKm: number;
  finishAt: Date;
}

export interface FeasibleRoute<Id extends StopId = StopId> extends RouteSummary<Id> {
  feasible: true;
}

export interface InfeasibleRoute<Id extends StopId = StopId> {
  feasible: false;
  code: 'too-many-stops' | 'windows';
  /** Plain words, ready to show. */
  reason: string;
  /** Stops the best partial plan leaves out (all of them when none can be reached). */
  unreachable: Id[];
  /** The stops the reason names: those unreachable even alone, else the smallest group that can't combine. */
  conflict: Id[];
  /** The plan that visits the most sales (then finishes soonest); absent when no sale can be reached. */
  bestPartial?: RouteSummary<Id>;
}

export type RoutePlan<Id extends StopId = StopId> = FeasibleRoute<Id> | InfeasibleRoute<Id>;

/** One way of reaching a (visited set, last stop) state; `prev` links back for the visiting order. */
interface Label {
  stop: number;
  depart: number;
  dist: number;
  prev: Label | null;
}

/** fronts[mask][last]: Pareto labels for "visited `mask`, now at `last`" (sparse: unreached is undefined). */
type Fronts = (Label[] | undefined)[][];

/** Indexes the planner builds itself are always in range; this says so to the type checker in one place. */
function at<T>(list: readonly T[], index: number): T {
  const value = list[index];
  if (value === undefined) throw new RangeError(`planner index ${index} out of range`);
  return value;
}

function popcount(mask: number): number {
  let count = 0;
  for (let m = mask; m; m &= m - 1) count++;
  return count;
}

/** Lexicographic (finish, distance): the objective. */
function better(a: Label, b: Label): boolean {
  return a.depart < b.depart || (a.depart === b.depart && a.dist < b.dist);
}

/** Adds `label` to a Pareto front of (departure, distance) unless an existing label is at least as good. */
function insertLabel(front: Label[], label: Label): void {
  for (const other of front) if (other.depart <= label.depart && other.dist <= label.dist) return;
  for (let i = front.length - 1; i >= 0; i--) {
    const other = at(front, i);
    if (label.depart <= other.depart && label.dist <= other.dist) front.splice(i, 1);
  }
  front.push(label);
}

function defaultFormatter(startTime: Date, locale = 'en'): (date: Date) => string {
  const time = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' });
  const dayTime = new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    hour: 'numeric',
    minute: '2-digit',
  });
  // A bare "2:00 PM" would mislead when the time is on another day than the trip starts.
  return (date) => (date.toDateString() === startTime.toDateString() ? time : dayTime).format(date);
}

function joinNames(names: string[], and: string): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} ${and} ${at(names, names.length - 1)}`;
}

/** Plans the visiting order; see the module comment for the rules. */
export function planRoute<Id extends StopId>(input: PlanInput<Id>): RoutePlan<Id> {
  const { start, startTime, stops, minutesPerStop, averageSpeedKmh } = input;
  const roadFactor = input.roadFactor ?? DEFAULT_ROAD_FACTOR;
  if (!(averageSpeedKmh > 0) || !Number.isFinite(averageSpeedKmh)) {
    throw new RangeError('averageSpeedKmh must be a positive number');
  }
  if (!(minutesPerStop >= 0) || !Number.isFinite(minutesPerStop)) {
    throw new RangeError('minutesPerStop must be zero or more');
  }
  if (!(roadFactor >= 1) || !Number.isFinite(roadFactor))
    throw new RangeError('roadFactor must be at least 1');
  if (Number.isNaN(startTime.getTime())) throw new RangeError('startTime must be a valid date');

  const n = stops.length;
  if (n > MAX_ROUTE_STOPS) {
    return {
      feasible: false,
      code: 'too-many-stops',
      reason: fillText((input.texts ?? messages.garageRoute).tooManyStops, {
        max: MAX_ROUTE_STOPS,
        count: n,
        extra: n - MAX_ROUTE_STOPS,
      }),
      unreachable: [],
      conflict: [],
    };
  }

  const t0 = startTime.getTime();
  const stayMs = minutesPerStop * MS_PER_MINUTE;
  const opensMs = stops.map((s) => s.opensAt.getTime());
  const closesMs = stops.map((s) => s.closesAt.getTime());
  // Index n is the starting point, so km[from][to] covers the first leg too.
  const points: LatLng[] = [...stops, start];
  const kmTable = points.map((a) => points.map((b) => haversineKm(a, b) * roadFactor));
  const km = (from: number, to: number) => at(at(kmTable, from), to);
  const stop = (i: number) => at(stops, i);
  const opens = (i: number) => at(opensMs, i);
  const closes = (i: number) => at(closesMs, i);
  const travelMs = (distanceKm: number) => (distanceKm / averageSpeedKmh) * 60 * MS_PER_MINUTE;

  /** Times a fixed order without checking closing times (explanations need the late arrivals too). */
  const walk = (order: number[]): RouteSummary<Id> => {
    const legs: RouteLeg<Id>[] = [];
    let here = n;
    let clock = t0;
    let distance = 0;
    for (const next of order) {
      const legKm = km(here, next);
      const arrive = clock + travelMs(legKm);
      const begin = Math.max(arrive, opens(next));
      clock = begin + stayMs;
      distance += legKm;
      legs.push({
        from: here === n ? null : stop(here).id,
        to: stop(next).id,
        distanceKm: legKm,
        travelMinutes: travelMs(legKm) / MS_PER_MINUTE,
        arrive: new Date(arrive),
        waitMinutes: (begin - arrive) / MS_PER_MINUTE,
        depart: new Date(clock),
      });
      here = next;
    }
    return {
      order: order.map((i) => stop(i).id),
      legs,
      totalMinutes: (clock - t0) / MS_PER_MINUTE,
      totalDistanceKm: distance,
      finishAt: new Date(clock),
    };
  };

  if (n === 0) return { feasible: true, ...walk([]) };

  const full = (1 << n) - 1;
  const fronts: Fronts = Array.from({ length: full + 1 }, () => []);
  const frontAt = (mask: number, last: number) => at(fronts, mask)[last];
  for (let i = 0; i < n; i++) {
    const arrive = t0 + travelMs(km(n, i));
    if (arrive > closes(i)) continue;
    at(fronts, 1 << i)[i] = [
      { stop: i, depart: Math.max(arrive, opens(i)) + stayMs, dist: km(n, i), prev: null },
    ];
  }
  // Numeric order visits every subset before its supersets.
  for (let mask = 1; mask <= full; mask++) {
    for (let last = 0; last < n; last++) {
      const front = frontAt(mask, last);
      if (!front) continue;
      for (const label of front) {
        for (let next = 0; next < n; next++) {
          if (mask & (1 << next)) continue;
          const arrive = label.depart + travelMs(km(last, next));
          if (arrive > closes(next)) continue;
          const row = at(fronts, mask | (1 << next));
          const target = (row[next] ??= []);
          insertLabel(target, {
            stop: next,
            depart: Math.max(arrive, opens(next)) + stayMs,
            dist: label.dist + km(last, next),
            prev: label,
          });
        }
      }
    }
  }

  const bestOf = (mask: number): Label | null => {
    let best: Label | null = null;
    for (const front of at(fronts, mask)) {
      for (const label of front ?? []) if (!best || better(label, best)) best = label;
    }
    return best;
  };
  const orderOf = (label: Label): number[] => {
    const order: number[] = [];
    for (let l: Label | null = label; l; l = l.prev) order.push(l.stop);
    return order.reverse();
  };

  const complete = bestOf(full);
  if (complete) return { feasible: true, ...walk(orderOf(complete)) };

  // Best partial plan: most sales, then soonest finish, then shortest.
  let partial: Label | null = null;
  let partialCount = 0;
  for (let mask = 1; mask <= full; mask++) {
    const best = bestOf(mask);
    if (!best) continue;
    const count = popcount(mask);
    if (count > partialCount || (count === partialCount && partial && better(best, partial))) {
      partial = best;
      partialCount = count;
    }
  }
  const bestPartial = partial ? walk(orderOf(partial)) : undefined;
  const visited = new Set(bestPartial?.order ?? []);

  const { reason, conflict } = explain(input, stops, fronts, walk);
  return {
    feasible: false,
    code: 'windows',
    reason,
    unreachable: stops.filter((s) => !visited.has(s.id)).map((s) => s.id),
    conflict,
    bestPartial,
  };
}

/**
 * The most informative explanation: every sale that can't be reached even on its own, then (if the rest
 * still don't combine) the smallest group of them that no order can fit — a pair gets the concrete times
 * both ways round. Any infeasible group holds a sale the best partial plan misses, so the words match it.
 */
function explain<Id extends StopId>(
  input: PlanInput<Id>,
  stops: readonly PlannerStop<Id>[],
  fronts: Fronts,
  walk: (order: number[]) => RouteSummary<Id>,
): { reason: string; conflict: Id[] } {
  const n = stops.length;
  const format = input.formatTime ?? defaultFormatter(input.startTime, input.locale);
  const texts = input.texts ?? messages.garageRoute;
  const stop = (i: number) => at(stops, i);
  const name = (i: number) => stop(i).name ?? fillText(texts.stopFallbackName, { id: stop(i).id });
  const closesText = (i: number) => format(stop(i).closesAt, stop(i));
  const feasibleSet = (mask: number) => at(fronts, mask).some((front) => front && front.length > 0);

  const sentences: string[] = [];
  const conflict: number[] = [];
  let rest = 0;
  for (let i = 0; i < n; i++) {
    if (feasibleSet(1 << i)) {
      rest |= 1 << i;
      continue;
    }
    conflict.push(i);
    const arrive = at(walk([i]).legs, 0).arrive;
    sentences.push(
      stop(i).closesAt.getTime() < input.startTime.getTime()
        ? fillText(texts.alreadyClosed, { name: name(i), closes: closesText(i) })
        : fillText(texts.closesBeforeArrival, {
            name: name(i),
            closes: closesText(i),
            arrive: format(arrive, stop(i)),
          }),
    );
  }

  if (rest && !feasibleSet(rest)) {
    // Smallest infeasible subset of the reachable sales; its proper subsets all fit by minimality.
    let group = 0;
    for (let mask = 1; mask <= rest; mask++) {
      if ((mask & rest) !== mask || feasibleSet(mask)) continue;
      if (!group || popcount(mask) < popcount(group)) group = mask;
    }
    const members = stops.map((_, i) => i).filter((i) => group & (1 << i));
    conflict.push(...members);
    if (members.length === 2) {
      const [a, b] = [at(members, 0), at(members, 1)];
      sentences.push(
        fillText(texts.pairConflict, {
          a: name(a),
          b: name(b),
          arriveB: format(at(walk([a, b]).legs, 1).arrive, stop(b)),
          closesB: closesText(b),
          arriveA: format(at(walk([b, a]).legs, 1).arrive, stop(a)),
          closesA: closesText(a),
        }),
      );
    } else {
      sentences.push(
        fillText(texts.groupConflict, {
          names: joinNames(members.map(name), texts.and),
          smaller: members.length - 1,
          count: members.length,
        }),
      );
    }
  }
  return { reason: sentences.join(' '), conflict: conflict.map((i) => stop(i).id) };
}
