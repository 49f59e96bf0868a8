import type { FastifyBaseLogger } from 'fastify';

/** Shutdown steps, run newest first: a part closes before the parts it was made from. */
export class Closers {
  private readonly steps: Array<() => Promise<unknown>> = [];
  constructor(private readonly log: FastifyBaseLogger) {}
  push(step: () => Promise<unknown>): void {
    this.steps.push(step);
  }
  async closeAll(): Promise<void> {
    for (const step of this.steps.reverse()) {
      await step().catch((error: unknown) => this.log.error({ err: error }, 'error while shutting down'));
    }
    this.steps.length = 0;
  }
}
