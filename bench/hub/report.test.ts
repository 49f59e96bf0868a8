import { describe, expect, it } from 'vitest';
import { fanOutGoalCheck, fanOutGoalLines, pacedP99MetWithinFloor, type ServerRun } from './report.js';
import type { ServerKind } from './shared.js';

/** One server's run at 1,000 connections: its paced p99 and its burst's server CPU (100,000 deliveries). */
function run(server: ServerKind, pacedP99Ms: number, burstCpuMs: number): ServerRun {
  const phase = (name: string, expected: number, serverCpuMs: number, p99: number) => ({
    name,
    sent: expected / 1000,
    expected,
    received: expected,
    durationMs: 1000,
    sendMs: 900,
    latencyMs: { p50: p99 / 2, p99, max: p99 * 1.1 },
    serverCpuMs,
    loadCpuMs: 0,
  });
  return {
    server,
    connections: 1000,
    connect: { ms: 500, connected: 1000, failed: 0 },
    rssPerConnection: 0,
    heapPerConnection: 0,
    paced: phase('paced', 20_000, 500, pacedP99Ms),
    burst: phase('burst', 100_000, burstCpuMs, 500),
  };
}

function checkOf(ours: number, socketIo: number, floor: number) {
  const check = fanOutGoalCheck(
    [run('signalr', ours, 240), run('socketio', socketIo, 1100), run('ws', floor, 960)],
    1,
  );
  if (!check) throw new Error('ours ran');
  return check;
}

describe('the paced p99 judged within the floor (decision 0027)', () => {
  it('judges only the floor ratio where the floor itself is not 0.8× Socket.IO', () => {
    // 1,000 connections on 2026-12-05: Socket.IO as fast as the raw ws floor.
    const check = checkOf(33, 34, 32);
    expect(check.floorPacedP99VsSocketIo).toBeCloseTo(0.94, 2);
    expect(check.pacedP99VsSocketIo).toBeGreaterThan(0.8);
    expect(pacedP99MetWithinFloor(check)).toBe(true);
    expect(pacedP99MetWithinFloor(checkOf(40, 34, 32))).toBe(false); // 1.25× the floor
  });

  it('holds ours to 0.8× Socket.IO where the floor reaches it', () => {
    // 10,000 connections: the floor at half Socket.IO's p99.
    expect(pacedP99MetWithinFloor(checkOf(170, 300, 150))).toBe(true);
    const slower = checkOf(260, 300, 240);
    expect(slower.pacedP99VsFloor).toBeLessThanOrEqual(1.2);
    expect(pacedP99MetWithinFloor(slower)).toBe(false);
  });

  it('prints both fair forms beside the goals as written', () => {
    const lines = fanOutGoalLines(checkOf(33, 34, 32));
    expect(lines).toContain(
      '1000 connections, round 1: burst server CPU ours ÷ ws floor (decision 0022, proposed) 0.25 (goal ≤ 0.5: met)',
    );
    expect(lines.at(-1)).toMatch(/paced p99 judged within the floor \(decision 0027, proposed\).*: met$/);
    expect(lines).toContain(
      '1000 connections, round 1: paced p99 ours ÷ Socket.IO 0.97 (goal ≤ 0.8: MISSED)',
    );
  });
});
