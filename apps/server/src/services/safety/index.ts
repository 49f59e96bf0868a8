/**
 * Scam and spam checks of chat messages (docs/product.md §16): the rules for known patterns, then the text
 * classifier for the rest. Every way a message arrives (REST, each hub, and later deliveries from elsewhere)
 * passes through MessageService.send, which asks `assess` before storing it.
 */
import type { SafetyWarningKind } from '@rummage/contract';
import { readCorpus, trainClassifier, type LabelledMessage, type SpamClassifier } from './classifier.js';
import { ownNames, ruleWarning } from './rules.js';

/** From this score on, a message no rule names is warned about as `spam` (tuned with bench/scam). */
export const WARN_SCORE = 0.9;
/**
 * Near-certain spam, to be held for staff when its sender is new or unverified: a rule names it and the classifier
 * scores it at least this. Either alone let an honest message of the corpus through in bench/scam (the classifier
 * scored "I'll pay the delivery fee in cash too" 0.9995); together they held none.
 */
export const HOLD_SCORE = 0.999;

/** Whether an assessment is near-certain spam (HOLD_SCORE). */
export const nearCertainSpam = (assessment: SafetyAssessment) =>
  assessment.warning !== null && assessment.warning !== 'spam' && assessment.score >= HOLD_SCORE;

export interface SafetyAssessment {
  /** What the recipient is warned of, or null. */
  warning: SafetyWarningKind | null;
  /** The classifier's probability that the message is scam or spam. */
  score: number;
}

export interface SafetyCheck {
  assess(text: string, context: { bothHaveWritten: boolean }): SafetyAssessment;
  /** Learns again: the corpus and these staff decisions (modules/message/staff-decisions.repository.ts). */
  retrain(decisions: readonly LabelledMessage[]): void;
}

export interface SafetyCheckOptions {
  /** PUBLIC_URL: its host and the product name are what look-alike links borrow. */
  publicUrl: string;
  productName: string;
  /** Tests and the bench train their own; by default the corpus is read and learnt on the first message. */
  classifier?: SpamClassifier;
}

export function createSafetyCheck(options: SafetyCheckOptions): SafetyCheck {
  const ownHost = new URL(options.publicUrl).hostname;
  const names = ownNames(ownHost, options.productName);
  // Learnt on the first message, not at start-up: reading and learning the corpus takes a moment (docs/benchmarks.md).
  let classifier = options.classifier;
  const model = () => (classifier ??= trainClassifier(readCorpus()));
  return {
    retrain(decisions) {
      classifier = trainClassifier([...readCorpus(), ...decisions]);
    },
    assess(text, { bothHaveWritten }) {
      const score = model().score(text);
      const rule = ruleWarning(text, { bothHaveWritten, ownHost, ownNames: names });
      return { warning: rule ?? (score >= WARN_SCORE ? 'spam' : null), score };
    },
  };
}
