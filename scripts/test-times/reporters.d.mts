/** Vitest's `reporters` and `outputFile` for the suite reported as `name` (TEST_REPORT_NAME overrides it). */
export function testReporters(name: string): {
  reporters: Array<string | [string, { name: string }]>;
  outputFile: { json: string };
};
