/**
 * Proves the server's ALTCHA challenge and verification interoperate with the browser widget the web
 * app ships (`altcha` 3.2.2), using the widget's own code wherever it can run in Node:
 * - the PBKDF2 Web Worker source embedded in `altcha/dist/main/altcha.js` (the bundle `import 'altcha'`
 *   loads) is extracted and executed with a stand-in `self`, exactly as the widget's
 *   solveChallengeWorkers() drives it (work message, interleaved counters, first answer wins);
 * - the bundle's own isChallengeV1()/isChallengeValid() decide whether our challenge JSON is accepted;
 * - the payload is built with the expression the bundle's verify() uses, whose presence in the
 *   bundle is asserted so a widget upgrade that changes it fails here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ALTCHA_DEFAULT_COST, createCaptchaVerifier, createMemoryReplayStore } from './index.js';

interface WidgetSolution {
  counter: number;
  derivedKey: string;
  time?: number;
}

interface WireChallenge {
  parameters: Record<string, unknown>;
  signature?: string;
}

/** The web app depends on `altcha`; with npm workspaces it is hoisted to the repo root. */
function findWidgetPackage(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    for (const candidate of [join(dir, 'node_modules/altcha'), join(dir, 'apps/web/node_modules/altcha')]) {
      if (existsSync(join(candidate, 'package.json'))) return candidate;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('the altcha widget package is not installed (apps/web dependency)');
    dir = parent;
  }
}

const widgetDir = findWidgetPackage();
const widgetVersion = (
  JSON.parse(readFileSync(join(widgetDir, 'package.json'), 'utf8')) as { version: string }
).version;
const bundle = readFileSync(join(widgetDir, 'dist/main/altcha.js'), 'utf8');

/** The bundle inlines each worker as a template literal; evaluating it yields the worker's source. */
function embeddedWorkerSources(): string[] {
  const sources: string[] = [];
  const re = /const jsContent(?:\$\d+)? = `/g;
  for (let m = re.exec(bundle); m; m = re.exec(bundle)) {
    const start = m.index + m[0].length;
    const end = bundle.indexOf('`;\n', start);
    sources.push(new Function(`return \`${bundle.slice(start, end)}\`;`)() as string);
  }
  return sources;
}

/** Lifts a one-expression predicate out of the bundle, e.g. `function isChallengeValid(challenge) { return …; }`. */
function bundlePredicate(name: string): (challenge: unknown) => boolean {
  const m = new RegExp(`function ${name}\\(challenge\\) \\{\\s*return ([^;]+);\\s*\\}`).exec(bundle);
  if (!m?.[1]) throw new Error(`${name} not found in the widget bundle`);
  return new Function('challenge', `return ${m[1]};`) as (challenge: unknown) => boolean;
}

const pbkdf2Worker = embeddedWorkerSources().find((src) => src.includes('name: "PBKDF2"'));

/** Starts one instance of the widget's worker; `self` is the only global it needs besides WebCrypto. */
function startWorker(onResult: (data: WidgetSolution | null) => void) {
  const self: { postMessage(data: unknown): void; onmessage?: (event: { data: unknown }) => void } = {
    postMessage: (data) => onResult(data as WidgetSolution | null),
  };
  new Function('self', pbkdf2Worker ?? '')(self);
  if (!self.onmessage) throw new Error('the widget worker did not install onmessage');
  const onmessage = self.onmessage;
  return { postMessage: (data: unknown) => onmessage({ data }) };
}

/** Mirrors the widget's solveChallengeWorkers(): N workers, counters interleaved, first answer wins. */
function solveLikeWidget(challenge: WireChallenge, concurrency: number): Promise<WidgetSolution> {
  return new Promise((resolve, reject) => {
    const workers: ReturnType<typeof startWorker>[] = [];
    let done = false;
    for (let i = 0; i < concurrency; i++) {
      workers.push(
        startWorker((data) => {
          if (done || !data) return;
          done = true;
          for (const w of workers) w.postMessage({ type: 'abort' });
          if ('error' in data) reject(new Error(String((data as { error: unknown }).error)));
          else resolve(data);
        }),
      );
    }
    workers.forEach((w, i) =>
      w.postMessage({
        challenge,
        counterMode: 'uint32', // the widget's choice for non-v1 challenges
        counterStart: i,
        counterStep: concurrency,
        timeout: 90_000,
        type: 'work',
      }),
    );
  });
}

describe('compatibility with the altcha 3.2.2 widget', () => {
  it('runs against the pinned widget version', () => {
    expect(widgetVersion).toBe('3.2.2');
    expect(pbkdf2Worker, 'PBKDF2 worker embedded in the widget bundle').toBeDefined();
    // The bundle spawns that worker for our algorithm, and the standalone copy is the same code.
    expect(bundle).toContain('$altcha.algorithms.set("PBKDF2/SHA-256"');
    expect(readFileSync(join(widgetDir, 'dist/workers/pbkdf2.js'), 'utf8')).toBe(pbkdf2Worker);
  });

  it('serves challenge JSON the widget accepts as a v2 challenge', async () => {
    const verifier = createCaptchaVerifier({
      provider: 'altcha',
      hmacKey: 'k'.repeat(32),
      store: createMemoryReplayStore(),
    });
    // The widget reads the challenge with `await resp.json()`.
    const wire = (await new Response(
      JSON.stringify(await verifier.createChallenge()),
    ).json()) as WireChallenge;
    expect(bundlePredicate('isChallengeV1')(wire)).toBe(false);
    expect(bundlePredicate('isChallengeValid')(wire)).toBe(true);
    // setChallengeExpiration() computes `expiresAt * 1e3 - Date.now()`: seconds, in the future.
    expect(bundle).toContain('const duration = expiresAt * 1e3 - Date.now();');
    const expiresAt = wire.parameters.expiresAt as number;
    expect(expiresAt * 1e3 - Date.now()).toBeGreaterThan(9 * 60_000);
  });

  it('verifies a payload solved and encoded by the widget code, once', async () => {
    const verifier = createCaptchaVerifier({
      provider: 'altcha',
      hmacKey: 'k'.repeat(32),
      store: createMemoryReplayStore(),
    });
    const wire = (await new Response(
      JSON.stringify(await verifier.createChallenge()),
    ).json()) as WireChallenge;
    expect(wire.parameters.cost).toBe(ALTCHA_DEFAULT_COST);

    const solution = await solveLikeWidget(wire, 2);
    expect(solution).toEqual({
      counter: expect.any(Number),
      derivedKey: expect.stringMatching(/^00[0-9a-f]{62}$/),
      time: expect.any(Number),
    });

    // verify() in the bundle: payload = btoa(JSON.stringify({ challenge: { parameters, signature }, solution })).
    const whitespaceFree = bundle.replace(/\s+/g, '');
    expect(whitespaceFree).toContain(
      'btoa(JSON.stringify({challenge:{parameters:challenge.parameters,signature:challenge.signature},solution}))',
    );
    const challenge = wire;
    const payload = btoa(
      JSON.stringify({
        challenge: { parameters: challenge.parameters, signature: challenge.signature },
        solution,
      }),
    );

    expect(await verifier.verify(payload, '198.51.100.4')).toEqual({ ok: true });
    expect(await verifier.verify(payload, '198.51.100.4')).toEqual({ ok: false, reason: 'replayed' });
  });

  it('refuses the payload the widget sends in its `test` mode', async () => {
    // verify() in test mode: btoa(JSON.stringify({ challenge: null, solution: null, test: true })).
    expect(bundle).toContain('btoa(JSON.stringify({ challenge: null, solution: null, test: true }))');
    const verifier = createCaptchaVerifier({
      provider: 'altcha',
      hmacKey: 'k'.repeat(32),
      store: createMemoryReplayStore(),
    });
    const payload = btoa(JSON.stringify({ challenge: null, solution: null, test: true }));
    expect(await verifier.verify(payload)).toEqual({ ok: false, reason: 'invalid' });
  });
});
