import { describe, expect, it } from 'vitest';
import { haversineKm } from '@rummage/contract';
import {
  DEFAULT_ROAD_FACTOR,
  MAX_ROUTE_STOPS,
  planRoute,
  type LatLng,
  type PlanInput,
  type PlannerStop,
} from './planner';

const MINUTE = 60_000;
const T0 = Date.UTC(2031, 5, 14, 13, 0); // 13:00 UTC
const at = (minutesAfterStart: number) => new Date(T0 + minutesAfterStart * MINUTE);
const START: LatLng = { latitude: 0, longitude: 0 };
/** Minutes-after-start as "HH:MM" UTC, so explanations read the same in every test time zone. */
const hhmm = (date: Date) =>
  new Date(Math.round(date.getTime() / MINUTE) * MINUTE).toISOString().slice(11, 16);

/** A point east of the start whose road distance takes exactly `minutes` at `speed` km/h. */
function pointMinutesAway(minutes: number, speed = 60): LatLng {
  const km = ((minutes / 60) * speed) / DEFAULT_ROAD_FACTOR;
  const oneDegreeKm = haversineKm(START, { latitude: 0, longitude: 1 });
  return { latitude: 0, longitude: km / oneDegreeKm };
}

function stop(id: number, point: LatLng, opens: number, closes: number, name?: string): PlannerStop<number> {
  return { id, ...point, opensAt: at(opens), closesAt: at(closes), name };
}

function input(stops: PlannerStop<number>[], extra: Partial<PlanInput<number>> = {}): PlanInput<number> {
  return {
    start: START,
    startTime: at(0),
    stops,
    minutesPerStop: 15,
    averageSpeedKmh: 60,
    formatTime: hhmm,
    ...extra,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Brute force: an independent simulation over every permutation (and, for partial plans, every subset).

function simulate(plan: PlanInput<number>, order: PlannerStop<number>[]) {
  const factor = plan.roadFactor ?? DEFAULT_ROAD_FACTOR;
  let here: LatLng = plan.start;
  let clock = plan.startTime.getTime();
  let distance = 0;
  for (const s of order) {
    const km = haversineKm(here, s) * factor;
    const arrive = clock + (km / plan.averageSpeedKmh) * 60 * MINUTE;
    if (arrive > s.closesAt.getTime()) return null;
    clock = Math.max(arrive, s.opensAt.getTime()) + plan.minutesPerStop * MINUTE;
    distance += km;
    here = s;
  }
  return { finish: clock, distance };
}

function* permutations<T>(items: T[], size = items.length): Generator<T[]> {
  if (size === 0) {
    yield [];
    return;
  }
  for (let i = 0; i < items.length; i++) {
    const rest = [...items.slice(0, i), ...items.slice(i + 1)];
    for (const tail of permutations(rest, size - 1)) yield [items[i]!, ...tail];
  }
}

function bruteForce(plan: PlanInput<number>) {
  const stops = [...plan.stops];
  let best: { finish: number; distance: number } | null = null;
  for (const order of permutations(stops)) {
    const result = simulate(plan, order);
    if (!result) continue;
    if (
      !best ||
      result.finish < best.finish ||
      (result.finish === best.finish && result.distance < best.distance - 1e-9)
    ) {
      best = result;
    }
  }
  let mostStops = 0;
  for (let size = stops.length; size > 0 && mostStops === 0; size--) {
    for (const order of permutations(stops, size)) {
      if (simulate(plan, order)) {
        mostStops = size;
        break;
      }
    }
  }
  return { best, mostStops };
}

/** mulberry32: a tiny seeded generator so the random instances are the same on every run. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomInstance(random: () => number, n: number): PlanInput<number> {
  const stops = Array.from({ length: n }, (_, i) => {
    // Openings on the half hour make many orders wait for the same opening, so finishing times tie and
    // the distance tie-break is exercised, including labels that only a Pareto front keeps.
    const opens = Math.floor(random() * 6) * 30 - 30;
    const closes = opens + 30 + Math.floor(random() * 8) * 30;
    return stop(
      i + 1,
      { latitude: (random() - 0.5) * 0.2, longitude: (random() - 0.5) * 0.2 },
      opens,
      closes,
    );
  });
  return input(stops, { minutesPerStop: Math.floor(random() * 4) * 10, averageSpeedKmh: 20 + random() * 40 });
}

describe('planRoute', () => {
  it('plans no stops as an empty, finished route', () => {
    const plan = planRoute(input([]));
    expect(plan).toMatchObject({ feasible: true, order: [], legs: [], totalMinutes: 0, totalDistanceKm: 0 });
  });

  it('times a single stop: drive, wait for the opening, stay, leave', () => {
    const plan = planRoute(input([stop(7, pointMinutesAway(20), 30, 120)]));
    expect(plan.feasible).toBe(true);
    if (!plan.feasible) return;
    expect(plan.order).toEqual([7]);
    const [leg] = plan.legs;
    expect(leg!.from).toBeNull();
    expect(leg!.to).toBe(7);
    expect(leg!.travelMinutes).toBeCloseTo(20, 6);
    expect(leg!.distanceKm).toBeCloseTo(20, 6); // 20 minutes at 60 km/h
    expect(leg!.arrive.getTime()).toBeCloseTo(at(20).getTime(), -1);
    expect(leg!.waitMinutes).toBeCloseTo(10, 6);
    expect(leg!.depart.getTime()).toBe(at(45).getTime());
    expect(plan.totalMinutes).toBe(45);
    expect(plan.finishAt.getTime()).toBe(at(45).getTime());
  });

  it('visits stops along a line nearest first when every window is wide open', () => {
    const plan = planRoute(
      input([
        stop(3, pointMinutesAway(30), -60, 600),
        stop(1, pointMinutesAway(10), -60, 600),
        stop(2, pointMinutesAway(20), -60, 600),
      ]),
    );
    expect(plan.feasible && plan.order).toEqual([1, 2, 3]);
    expect(plan.feasible && plan.totalMinutes).toBeCloseTo(30 + 3 * 15, 6);
    expect(plan.feasible && plan.totalDistanceKm).toBeCloseTo(30, 6);
  });

  it('goes to the far sale first when it closes early, then comes back', () => {
    const plan = planRoute(
      input([
        stop(1, pointMinutesAway(10), -60, 600),
        stop(2, pointMinutesAway(20), -60, 600),
        stop(3, pointMinutesAway(30), -60, 35, 'Oak Ave sale'),
      ]),
    );
    expect(plan.feasible && plan.order).toEqual([3, 2, 1]);
  });

  it('waits when early and never arrives after a sale closes', () => {
    const random = seeded(42);
    let waits = 0;
    for (let round = 0; round < 200; round++) {
      const instance = randomInstance(random, 1 + Math.floor(random() * 6));
      const plan = planRoute(instance);
      const route = plan.feasible ? plan : plan.bestPartial;
      for (const leg of route?.legs ?? []) {
        const target = instance.stops.find((s) => s.id === leg.to)!;
        expect(leg.arrive.getTime()).toBeLessThanOrEqual(target.closesAt.getTime());
        const begin = Math.max(leg.arrive.getTime(), target.opensAt.getTime());
        // Dates hold whole milliseconds, so allow for the truncation.
        expect(Math.abs(leg.waitMinutes * MINUTE - (begin - leg.arrive.getTime()))).toBeLessThan(1);
        expect(Math.abs(leg.depart.getTime() - (begin + instance.minutesPerStop * MINUTE))).toBeLessThan(1);
        if (leg.waitMinutes > 0) waits++;
      }
    }
    expect(waits).toBeGreaterThan(20);
  });

  it('finds the same optimum as brute force over every order (seeded random instances)', () => {
    const random = seeded(20310614);
    let feasibleCount = 0;
    let infeasibleCount = 0;
    for (let round = 0; round < 400; round++) {
      const instance = randomInstance(random, 1 + Math.floor(random() * 6));
      const plan = planRoute(instance);
      const { best, mostStops } = bruteForce(instance);
      if (best) {
        feasibleCount++;
        expect(plan.feasible).toBe(true);
        if (!plan.feasible) continue;
        // totalMinutes keeps the sub-millisecond part that finishAt (a Date) drops.
        expect(plan.totalMinutes * MINUTE).toBeCloseTo(best.finish - T0, 3);
        expect(plan.totalDistanceKm).toBeCloseTo(best.distance, 9);
      } else {
        infeasibleCount++;
        expect(plan.feasible).toBe(false);
        if (plan.feasible) continue;
        expect(plan.bestPartial?.order.length ?? 0).toBe(mostStops);
        expect(plan.unreachable).toHaveLength(instance.stops.length - mostStops);
        expect(plan.reason).not.toBe('');
      }
    }
    // Both kinds must really have been exercised for the comparison to mean anything.
    expect(feasibleCount).toBeGreaterThan(100);
    expect(infeasibleCount).toBeGreaterThan(30);
  });

  it('matches brute force on a larger instance (8 stops) and plans 10 stops exactly and quickly', () => {
    const random = seeded(8);
    const eight = randomInstance(random, 8);
    const wide = input(eight.stops.map((s) => ({ ...s, closesAt: at(24 * 60) })));
    const plan = planRoute(wide);
    const { best } = bruteForce(wide);
    expect(plan.feasible).toBe(true);
    expect(plan.feasible && plan.totalMinutes * MINUTE).toBeCloseTo(best!.finish - T0, 3);
    expect(plan.feasible && plan.totalDistanceKm).toBeCloseTo(best!.distance, 9);

    const ten = randomInstance(seeded(10), MAX_ROUTE_STOPS);
    const tenPlan = planRoute(ten);
    const route = tenPlan.feasible ? tenPlan : tenPlan.bestPartial;
    expect(route?.order.length).toBeGreaterThan(0);
  });

  it('refuses more than 10 stops with a readable message', () => {
    const stops = Array.from({ length: 11 }, (_, i) => stop(i + 1, pointMinutesAway(i + 1), 0, 600));
    const plan = planRoute(input(stops));
    expect(plan).toMatchObject({ feasible: false, code: 'too-many-stops', unreachable: [] });
    expect(!plan.feasible && plan.reason).toBe(
      'A route can take up to 10 sales at a time; you picked 11. Remove 1 to plan it.',
    );
  });

  it('names the sale that closes before you can get there, even alone, and plans the rest', () => {
    const plan = planRoute(
      input([
        stop(1, pointMinutesAway(10), -60, 600, 'Elm St sale'),
        stop(2, pointMinutesAway(85), -60, 60, 'Maple St sale'),
        stop(3, pointMinutesAway(20), -60, 600, 'Pine Rd sale'),
      ]),
    );
    expect(plan.feasible).toBe(false);
    if (plan.feasible) return;
    expect(plan.code).toBe('windows');
    expect(plan.reason).toBe(
      'Maple St sale closes at 14:00, before you can get there (earliest arrival 14:25).',
    );
    expect(plan.unreachable).toEqual([2]);
    expect(plan.conflict).toEqual([2]);
    expect(plan.bestPartial?.order).toEqual([1, 3]);
  });

  it('says when a sale has already closed', () => {
    const plan = planRoute(input([stop(4, pointMinutesAway(5), -120, -30, 'Birch Ln sale')]));
    expect(!plan.feasible && plan.reason).toBe('Birch Ln sale has already closed (it closed at 12:30).');
    expect(!plan.feasible && plan.unreachable).toEqual([4]);
    expect(!plan.feasible && plan.bestPartial).toBeUndefined();
  });

  it('explains a pair that can’t be combined, with the times both ways round', () => {
    // East and west of the start, 30 minutes each way; each closes 40 minutes in.
    const east = pointMinutesAway(30);
    const west = { latitude: 0, longitude: -east.longitude };
    const plan = planRoute(
      input(
        [
          stop(1, east, -60, 40, 'East sale'),
          stop(2, west, -60, 40, 'West sale'),
          stop(3, pointMinutesAway(5), -60, 600),
        ],
        { minutesPerStop: 10 },
      ),
    );
    expect(plan.feasible).toBe(false);
    if (plan.feasible) return;
    expect(plan.reason).toBe(
      'East sale and West sale can’t both fit: after East sale you would reach West sale at 14:40, after it closes at 13:40; starting with West sale, you would reach East sale at 14:40, after it closes at 13:40.',
    );
    expect(plan.conflict).toEqual([1, 2]);
    // Stop 3 lies on the way east, so the best partial plan keeps East and misses West.
    expect(plan.unreachable).toEqual([2]);
    expect(plan.bestPartial?.order).toEqual([3, 1]);
  });

  it('explains a group of three when every pair fits but not all three', () => {
    const p = pointMinutesAway(10);
    const plan = planRoute(
      input([stop(1, p, 0, 40, 'A sale'), stop(2, p, 0, 40, 'B sale'), stop(3, p, 0, 40, 'C sale')], {
        minutesPerStop: 20,
      }),
    );
    // Same spot: visits begin at 10, 30, 50 minutes; the third is after closing (40).
    expect(!plan.feasible && plan.reason).toBe(
      'A sale, B sale and C sale can’t all be visited in time: any 2 of them fit, but no order reaches all 3 before they close.',
    );
    expect(!plan.feasible && plan.unreachable).toHaveLength(1);
    expect(!plan.feasible && plan.bestPartial?.order).toHaveLength(2);
  });

  it('counts a sale as reachable when you arrive exactly as it closes', () => {
    const plan = planRoute(input([stop(1, { ...START }, -60, 0)], { minutesPerStop: 30 }));
    expect(plan.feasible).toBe(true);
    expect(plan.feasible && plan.totalMinutes).toBe(30);
  });

  it('rejects nonsense settings', () => {
    expect(() => planRoute(input([], { averageSpeedKmh: 0 }))).toThrow(RangeError);
    expect(() => planRoute(input([], { minutesPerStop: -1 }))).toThrow(RangeError);
    expect(() => planRoute(input([], { roadFactor: 0.5 }))).toThrow(RangeError);
  });
});
