/**
 * bench/scam: how well the chat's scam and spam check (docs/product.md §16) does on the repository's labelled
 * corpus (apps/server/src/services/safety/corpus), and how long it takes. The corpus is shuffled with a fixed seed
 * and split: a fifth is held out; the rest is scored by 5-fold cross-validation (each fold by a classifier trained
 * on the other four). Then a classifier trained on all four fifths scores the held-out fifth. Each message is scored
 * as the first message of a conversation, where every rule applies.
 *
 * Printed side by side for the same messages: the rules alone, the classifier alone (score ≥ WARN_SCORE), and both
 * (what the recipient sees); and what is near-certain spam (a rule and score ≥ HOLD_SCORE: what a new or unverified
 * sender would have held), with how many honest messages that would hold. Goals:
 * warnings on scam with precision ≥ 0.95 and recall ≥ 0.9, no honest message held, p95 ≤ 1 ms per message.
 *
 *   npm run bench:scam [-- --seed 7 --rounds 200 --json FILE]
 */
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  readCorpus,
  trainClassifier,
  type LabelledMessage,
} from '../../apps/server/src/services/safety/classifier.js';
import { createSafetyCheck, HOLD_SCORE, WARN_SCORE } from '../../apps/server/src/services/safety/index.js';
import { ownNames, ruleWarning } from '../../apps/server/src/services/safety/rules.js';
import { random as seededRandom } from '../feed/random.js';
import { percentile } from '../feed/http.js';
import { machine as describeMachine, machineLine } from '../feed/machine.js';
import { markdownTable } from '../feed/report.js';

const GOALS = { precision: 0.95, recall: 0.9, honestHeld: 0, p95Ms: 1 };
const FOLDS = 5;
const PUBLIC_URL = 'https://rummage.example.org';

const { values: args } = parseArgs({
  options: {
    seed: { type: 'string', default: '7' },
    rounds: { type: 'string', default: '200' },
    json: { type: 'string' },
  },
});
const rounds = Number(args.rounds);

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

type Example = LabelledMessage & { kind: string };
interface Scored {
  example: Example;
  rule: boolean;
  score: number;
}

const host = new URL(PUBLIC_URL).hostname;
const names = ownNames(host, 'Rummage');
function scoreAll(train: readonly Example[], test: readonly Example[]): Scored[] {
  const classifier = trainClassifier(train);
  return test.map((example) => ({
    example,
    rule: ruleWarning(example.text, { bothHaveWritten: false, ownHost: host, ownNames: names }) !== null,
    score: classifier.score(example.text),
  }));
}

function rates(scored: readonly Scored[], flagged: (s: Scored) => boolean) {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const s of scored) {
    const hit = flagged(s);
    if (hit && s.example.spam) tp++;
    else if (hit) fp++;
    else if (s.example.spam) fn++;
  }
  return {
    precision: tp + fp === 0 ? 1 : tp / (tp + fp),
    recall: tp + fn === 0 ? 1 : tp / (tp + fn),
    honestFlagged: fp,
    scamMissed: fn,
  };
}

const ways = {
  'rules alone': (s: Scored) => s.rule,
  'classifier alone': (s: Scored) => s.score >= WARN_SCORE,
  'rules and classifier (warning)': (s: Scored) => s.rule || s.score >= WARN_SCORE,
  'near-certain (a rule, and score ≥ HOLD_SCORE)': (s: Scored) => s.rule && s.score >= HOLD_SCORE,
};

function evaluate(name: string, scored: readonly Scored[]) {
  return Object.entries(ways).map(([way, flagged]) => ({ part: name, way, ...rates(scored, flagged) }));
}

const corpus = readCorpus();
const random = seededRandom(Number(args.seed));
// Stratified: scam and honest are each split a fifth out, so both parts hold both kinds in proportion.
const split = (spam: boolean) => {
  const part = shuffled(
    corpus.filter((example) => example.spam === spam),
    random,
  );
  const cut = Math.round(part.length / 5);
  return { heldOut: part.slice(0, cut), rest: part.slice(cut) };
};
const scamParts = split(true);
const honestParts = split(false);
const rest = shuffled([...scamParts.rest, ...honestParts.rest], random);
const heldOut = [...scamParts.heldOut, ...honestParts.heldOut];

const crossValidated: Scored[] = [];
for (let fold = 0; fold < FOLDS; fold++) {
  const test = rest.filter((_, i) => i % FOLDS === fold);
  const train = rest.filter((_, i) => i % FOLDS !== fold);
  crossValidated.push(...scoreAll(train, test));
}
const heldOutScored = scoreAll(rest, heldOut);
const results = [...evaluate('cross-validation', crossValidated), ...evaluate('held out', heldOutScored)];

// Time per message: the whole check a message passes (rules and classifier), trained as the server trains it.
const check = createSafetyCheck({ publicUrl: PUBLIC_URL, productName: 'Rummage' });
const texts = corpus.map((example) => example.text);
check.assess(texts[0]!, { bothHaveWritten: false });
const times: number[] = [];
for (let round = 0; round < rounds; round++) {
  for (const text of texts) {
    const start = performance.now();
    check.assess(text, { bothHaveWritten: false });
    times.push(performance.now() - start);
  }
}
const p95 = percentile(times, 95);
const p50 = percentile(times, 50);
const trainStart = performance.now();
trainClassifier(corpus);
const trainMs = performance.now() - trainStart;

const machine = describeMachine();
console.log(`bench/scam — ${machineLine(machine)}`);
console.log(
  `corpus: ${corpus.filter((e) => e.spam).length} scam or spam, ${corpus.filter((e) => !e.spam).length} honest; ` +
    `held out ${heldOut.length}; WARN_SCORE ${WARN_SCORE}, HOLD_SCORE ${HOLD_SCORE}\n`,
);
console.log(
  markdownTable(
    ['part', 'way', 'precision', 'recall', 'honest flagged', 'scam missed'],
    results.map((r) => [
      r.part,
      r.way,
      r.precision.toFixed(3),
      r.recall.toFixed(3),
      String(r.honestFlagged),
      String(r.scamMissed),
    ]),
  ),
);
console.log(
  `\ncheck per message (${times.length.toLocaleString('en-US')} checks): p50 ${(p50 * 1000).toFixed(1)} µs, ` +
    `p95 ${(p95 * 1000).toFixed(1)} µs; learning the whole corpus ${trainMs.toFixed(0)} ms`,
);
const warning = results.filter((r) => r.way === 'rules and classifier (warning)');
const held = results.filter((r) => r.way.startsWith('near-certain'));
const goals = [
  ['warning precision ≥ 0.95', warning.every((r) => r.precision >= GOALS.precision)],
  ['warning recall ≥ 0.9', warning.every((r) => r.recall >= GOALS.recall)],
  ['no honest message held', held.every((r) => r.honestFlagged === GOALS.honestHeld)],
  ['p95 ≤ 1 ms per message', p95 <= GOALS.p95Ms],
] as const;
console.log(`\n${goals.map(([goal, met]) => `${met ? 'met' : 'NOT MET'}: ${goal}`).join('\n')}`);
if (args.json) {
  writeFileSync(
    args.json,
    JSON.stringify(
      {
        machine,
        warnScore: WARN_SCORE,
        holdScore: HOLD_SCORE,
        results,
        p50Ms: p50,
        p95Ms: p95,
        trainMs,
        goals: Object.fromEntries(goals),
      },
      null,
      2,
    ),
  );
  console.log(`\nwrote ${args.json}`);
}
