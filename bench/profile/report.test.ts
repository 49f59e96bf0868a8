import { describe, expect, it } from 'vitest';
import type { HttpRun } from '../feed/http.js';
import {
  goalLines,
  goalsOf,
  judge,
  resultJson,
  resultTable,
  type AnswerResult,
  type Measured,
} from './report.js';

const run = (p50: number, p99: number, failures = 0): Measured => {
  const http: HttpRun = { rps: 1000 / p50, requests: 5000 / p50, p50, p99, failures };
  return { http, cpuMsPerRequest: p50 / 2 };
};

/** One answer whose app and floor runs read these [p50, p99] pairs (ms). */
function answer(
  app: Array<[number, number]>,
  floor: Array<[number, number]>,
  goal = 'profile.busy-seller',
): AnswerResult {
  return {
    name: goal,
    goal,
    path: '/api/User/profile-details/1',
    bytes: 546,
    app: app.map(([p50, p99]) => run(p50, p99)),
    floor: floor.map(([p50, p99]) => run(p50, p99)),
  };
}

describe('bench/profile verdicts', () => {
  it('judges the medians of each side, not the best or worst run', () => {
    // The app's one stalled run (p99 90 ms) is outvoted by its other three; so is the floor's fast one.
    const result = answer(
      [ [3.0, 6], [3.2, 90], [3.1, 7], [3.3, 8] ], // prettier-ignore
      [ [1.0, 2], [2.6, 6], [2.5, 6], [2.5, 6] ], // prettier-ignore
    );
    const j = judge(result);
    expect(j.app.p50).toBeCloseTo(3.15);
    expect(j.floor.p50).toBeCloseTo(2.5);
    expect(j.app.p99).toBeCloseTo(7.5);
    expect(j.p50Ratio).toBeCloseTo(1.26);
    expect(j.p50Met).toBe(true);
    expect(j.p99Ratio).toBeCloseTo(1.25);
    expect(j.p99Met).toBe(true);
  });

  it('misses a goal above 1.3× the floor, and a goal is missed when one of its answers misses it', () => {
    const fast = answer(
      [
        [2.6, 6],
        [2.6, 6],
      ],
      [
        [2.5, 6],
        [2.5, 6],
      ],
      'profile.listing',
    );
    const slow = answer(
      [
        [3.4, 6],
        [3.4, 6],
      ],
      [
        [2.5, 6],
        [2.5, 6],
      ],
      'profile.listing',
    );
    const ordinary = answer(
      [
        [2.6, 6],
        [2.6, 6],
      ],
      [
        [2.5, 6],
        [2.5, 6],
      ],
      'profile.ordinary',
    );
    expect(judge(slow).p50Met).toBe(false);
    expect(judge(slow).p99Met).toBe(true);
    expect(goalsOf([fast, slow, ordinary])).toEqual({
      limit: 1.3,
      goals: [
        { id: 'profile.listing', met: false },
        { id: 'profile.ordinary', met: true },
      ],
      noErrors: true,
    });
    expect(resultTable([fast, slow])).toContain('1.36 missed');
    expect(goalLines([fast, slow, ordinary])).toEqual([
      "profile.listing (p50 and p99 ≤ 1.3× the floor's): missed",
      "profile.ordinary (p50 and p99 ≤ 1.3× the floor's): met",
      'profile.no-errors: met',
    ]);
  });

  it('counts an error on either side against no-errors', () => {
    const result = answer([[2.6, 6]], [[2.5, 6]]);
    result.floor[0]!.http.failures = 1;
    expect(goalsOf([result]).noErrors).toBe(false);
    expect(resultJson([result]).scenarios[0]).toMatchObject({ errors: 1, p50Met: true });
  });
});
