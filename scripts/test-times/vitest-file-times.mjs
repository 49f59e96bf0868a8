// A Vitest reporter that writes how long each test file took, whole: its environment, its imports, its hooks and its
// tests (Vitest's own JSON report leaves imports and the environment out). scripts/test-summary.mjs reads these
// files to print the slowest files and to fail a run with a file over the limit (docs/testing.md, "Time").
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export default class FileTimesReporter {
  /** @param {{ name?: string }} [options] */
  constructor(options = {}) {
    this.name = options.name ?? process.env.TEST_REPORT_NAME ?? 'vitest';
    /** @type {Array<{ file: string, seconds: number }>} */
    this.files = [];
  }

  onTestModuleEnd(testModule) {
    const d = testModule.diagnostic();
    const ms =
      d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
    this.files.push({ file: relative(repoRoot, testModule.moduleId), seconds: Math.round(ms) / 1000 });
  }

  onTestRunEnd() {
    const dir = process.env.TEST_REPORT_DIR;
    if (!dir) return;
    mkdirSync(dir, { recursive: true });
    this.files.sort((a, b) => b.seconds - a.seconds);
    writeFileSync(
      join(dir, `${this.name}.files.json`),
      JSON.stringify({ suite: this.name, files: this.files }),
    );
  }
}
