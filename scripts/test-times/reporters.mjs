// The reporters every Vitest suite of the repository uses: the default one on the terminal and, when
// TEST_REPORT_DIR is set (npm test, CI), Vitest's JSON report for the closing "N passed, N failed" line and each
// file's whole time for the file limit (scripts/test-summary.mjs).
import { fileURLToPath } from 'node:url';

const fileTimes = fileURLToPath(new URL('./vitest-file-times.mjs', import.meta.url));

/** Vitest's `reporters` and `outputFile` for the suite reported as `name` (TEST_REPORT_NAME overrides it). */
export function testReporters(name) {
  const dir = process.env.TEST_REPORT_DIR;
  const report = process.env.TEST_REPORT_NAME ?? name;
  return {
    reporters: dir ? ['default', 'json', [fileTimes, { name: report }]] : ['default'],
    outputFile: { json: `${dir ?? '.'}/${report}.json` },
  };
}
