/**
 * The text classifier behind the `spam` warning and held messages (docs/product.md §16): naive Bayes
 * (wink-naive-bayes-text-classifier) over words and word pairs, trained on the labelled corpus kept beside this
 * file (corpus/*.jsonl) and, later, on staff decisions. It scores what the rules cannot name: the odd wording of
 * a bot, an offer nobody asked for.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import createClassifier from 'wink-naive-bayes-text-classifier';
import { serverPackageDir } from '../../lib/package-paths.js';
import { normalise } from './rules.js';

export interface LabelledMessage {
  text: string;
  spam: boolean;
}

export interface SpamClassifier {
  /** The probability that the message is scam or spam, 0 to 1. */
  score(text: string): number;
}

export const CORPUS_DIR = join(serverPackageDir, 'src', 'services', 'safety', 'corpus');

/** The repository's labelled corpus: scam.jsonl is spam, every honest-*.jsonl is honest. */
export function readCorpus(dir = CORPUS_DIR): Array<LabelledMessage & { kind: string }> {
  const read = (file: string, spam: boolean) =>
    readFileSync(join(dir, file), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => {
        const row = JSON.parse(line) as { text: string; kind?: string; topic?: string };
        return { text: row.text, spam, kind: row.kind ?? row.topic ?? '' };
      });
  return [...read('scam.jsonl', true), ...read('honest-a.jsonl', false), ...read('honest-b.jsonl', false)];
}

/**
 * Words and adjacent word pairs, with what varies and says little put into classes: a link, an e-mail address,
 * a phone number, an amount of money, a number.
 */
export function tokens(text: string): string[] {
  const words = normalise(text)
    .replace(/\b(?:https?:\/\/|www\.)\S+|\b[a-z0-9-]+\.(?:com|net|org|co|io|xyz|ly|me|app)\b\S*/g, ' xlink ')
    .replace(/[a-z0-9._%+-]+@[a-z0-9-]+(\.[a-z]{2,})+/g, ' xemail ')
    .replace(/\+?\d[\d\s().-]{8,}\d/g, ' xphone ')
    .replace(/\$\s?\d[\d,.]*/g, ' xmoney ')
    .replace(/\d+/g, ' xnum ')
    .split(/[^a-z']+/)
    .map((word) => word.replace(/^'+|'+$/g, ''))
    .filter((word) => word.length > 1);
  const pairs = words.slice(1).map((word, i) => `${words[i]}_${word}`);
  return [...words, ...pairs];
}

export function trainClassifier(examples: readonly LabelledMessage[]): SpamClassifier {
  const model = createClassifier();
  model.definePrepTasks([tokens]);
  // Presence, not counts: a message says "kindly" once or three times, it is the same message.
  model.defineConfig({ considerOnlyPresence: true, smoothingFactor: 0.5 });
  for (const example of examples) model.learn(example.text, example.spam ? 'spam' : 'honest');
  model.consolidate();
  return {
    score(text) {
      const odds = model.computeOdds(text).find(([label]) => label === 'spam')?.[1];
      if (odds === undefined) return 0;
      return 1 / (1 + 2 ** -odds);
    },
  };
}
