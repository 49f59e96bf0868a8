import { rmSync } from 'node:fs';

/** The run's data directory (database, uploads, outbox: tens of MB) goes with the run. */
export default function removeRunData(): void {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && !process.env.E2E_KEEP_DATA) rmSync(dir, { recursive: true, force: true });
}
