/**
 * bench/profile's verdicts and tables: each answer's runs against the floor's runs of the same answer (the app
 * without its reputation statement), side by side in one run. A side's p50 and p99 are the medians over its runs;
 * the ratios are taken of those medians.
 */
import type { HttpRun } from '../feed/http.js';
import { markdownTable, median } from '../feed/report.js';

/** Each goal: the app's p50 and p99 ≤ this many times the floor's, in each answer the goal covers. */
export const PROFILE_GOAL = 1.3;

export interface Measured {
  http: HttpRun;
  /** The measured server process's CPU (user + system) per answer, ms. */
  cpuMsPerRequest: number;
}

export interface AnswerResult {
  name: string;
  /** The goal id the answer counts for (docs/benchmarks.md): `profile.busy-seller`, `profile.ordinary`, … */
  goal: string;
  path: string;
  /** The app's body, in bytes. */
  bytes: number;
  app: Measured[];
  floor: Measured[];
}

const side = (runs: Measured[]) => ({
  rps: median(runs.map((run) => run.http.rps)),
  p50: median(runs.map((run) => run.http.p50)),
  p99: median(runs.map((run) => run.http.p99)),
  cpuMs: median(runs.map((run) => run.cpuMsPerRequest)),
  requests: runs.reduce((sum, run) => sum + run.http.requests, 0),
  failures: runs.reduce((sum, run) => sum + run.http.failures, 0),
});

export function judge(result: AnswerResult, goal = PROFILE_GOAL) {
  const app = side(result.app);
  const floor = side(result.floor);
  const p50Ratio = app.p50 / floor.p50;
  const p99Ratio = app.p99 / floor.p99;
  return {
    app,
    floor,
    p50Ratio,
    p99Ratio,
    cpuRatio: app.cpuMs / floor.cpuMs,
    p50Met: p50Ratio <= goal,
    p99Met: p99Ratio <= goal,
    noErrors: app.failures === 0 && floor.failures === 0,
  };
}

const fixed = (value: number, digits: number) => (Number.isFinite(value) ? value.toFixed(digits) : '–');
const verdict = (met: boolean) => (met ? 'met' : 'missed');

export function resultTable(results: AnswerResult[], goal = PROFILE_GOAL): string {
  const rows = results.map((result) => {
    const j = judge(result, goal);
    return [
      result.name,
      `${fixed(j.app.p50, 2)} / ${fixed(j.floor.p50, 2)}`,
      `${fixed(j.p50Ratio, 2)} ${verdict(j.p50Met)}`,
      `${fixed(j.app.p99, 2)} / ${fixed(j.floor.p99, 2)}`,
      `${fixed(j.p99Ratio, 2)} ${verdict(j.p99Met)}`,
      `${fixed(j.app.cpuMs, 3)} / ${fixed(j.floor.cpuMs, 3)}`,
      `${fixed(j.app.rps, 0)} / ${fixed(j.floor.rps, 0)}`,
      `${j.app.failures} / ${j.floor.failures}`,
    ];
  });
  return markdownTable(
    [
      'answer',
      'p50 app / floor ms',
      `p50 ÷ floor (≤ ${goal})`,
      'p99 app / floor ms',
      `p99 ÷ floor (≤ ${goal})`,
      'CPU ms/answer app / floor',
      'answers/s app / floor',
      'errors',
    ],
    rows,
  );
}

/** Each goal over its answers (met when each meets both p50 and p99), and no errors anywhere. */
export function goalsOf(results: AnswerResult[], goal = PROFILE_GOAL) {
  const ids = [...new Set(results.map((result) => result.goal))];
  return {
    limit: goal,
    goals: ids.map((id) => {
      const judged = results.filter((result) => result.goal === id).map((result) => judge(result, goal));
      return { id, met: judged.every((j) => j.p50Met && j.p99Met) };
    }),
    noErrors: results.every((result) => judge(result, goal).noErrors),
  };
}

/** The verdict lines printed under the table. */
export function goalLines(results: AnswerResult[], goal = PROFILE_GOAL): string[] {
  const goals = goalsOf(results, goal);
  return [
    ...goals.goals.map((g) => `${g.id} (p50 and p99 ≤ ${goal}× the floor's): ${g.met ? 'met' : 'missed'}`),
    `profile.no-errors: ${goals.noErrors ? 'met' : 'missed'}`,
  ];
}

/** `scenarios` in the shape every bench's JSON shares, plus each answer's p50s and both ratios. */
export function resultJson(results: AnswerResult[], goal = PROFILE_GOAL) {
  return {
    scenarios: results.map((result) => {
      const j = judge(result, goal);
      return {
        name: result.name,
        goal: result.goal,
        path: result.path,
        bytes: result.bytes,
        appRps: j.app.rps,
        floorRps: j.floor.rps,
        ratio: j.app.rps / j.floor.rps,
        appCpuMsPerReq: j.app.cpuMs,
        floorCpuMsPerReq: j.floor.cpuMs,
        p50Ms: j.app.p50,
        floorP50Ms: j.floor.p50,
        p99Ms: j.app.p99,
        floorP99Ms: j.floor.p99,
        p50Ratio: j.p50Ratio,
        p99Ratio: j.p99Ratio,
        p50Met: j.p50Met,
        p99Met: j.p99Met,
        errors: j.app.failures + j.floor.failures,
      };
    }),
    goals: goalsOf(results, goal),
    runs: results.map((result) => ({ name: result.name, app: result.app, floor: result.floor })),
  };
}
