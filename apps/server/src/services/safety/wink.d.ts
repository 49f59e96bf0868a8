/** The part of wink-naive-bayes-text-classifier (which ships no types) the safety classifier uses. */
declare module 'wink-naive-bayes-text-classifier' {
  interface NaiveBayesTextClassifier {
    definePrepTasks(tasks: Array<(input: string) => string[]>): number;
    defineConfig(config: { considerOnlyPresence?: boolean; smoothingFactor?: number }): boolean;
    learn(input: string, label: string): boolean;
    consolidate(): boolean;
    /** log2 odds of each label against the others, highest first; [['unknown', 0]] for unseen words. */
    computeOdds(input: string): Array<[string, number]>;
  }
  function createClassifier(): NaiveBayesTextClassifier;
  export default createClassifier;
}
