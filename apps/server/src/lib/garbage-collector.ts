import { setFlagsFromString } from 'node:v8';

/**
 * Turns off V8's allocation-site pretenuring for this process. The server's entry point calls it first thing
 * (server.ts); the benchmarks' app process does the same unless BENCH_V8_PRETENURING=on, and
 * bench/feed/pretenuring.ts runs both side by side.
 *
 * Why: V8 decides per allocation site (an object or array literal in the code) to allocate straight into the old
 * generation once most objects from it survived two young-generation collections, and it never takes that back.
 * A server's first seconds make per-request objects survive: code not yet optimised, requests queued behind
 * start-up's work. Measured on the feed (bench/feed): after such a start, the app's old generation grew by
 * about 1.3 KB per request (2.3 MB a second at 1,838 requests a second), all of it dead, until a full mark-compact
 * every 20–30 s stopped the process for ~15 ms plus marking; paced runs showed those stops as clusters of 50–160
 * late requests, and the p99 was 14–19 ms against the plain node:http floor's 6–15. With pretenuring off the old
 * generation stays flat under the same load, the clusters are gone and the paced p99 is the floor's (1.00–1.09×
 * against 1.67–1.86× with V8's default; docs/benchmarks-history.md, "Requests' garbage in the old generation").
 * Objects that really live long (caches, the gazetteer's indexes) are then promoted by the young generation's
 * collections, copied twice on the way: paid once per such object, mostly at start-up. The 50 MB bodies abuse test,
 * which had been suspected of paying for it, kept the same share of REST throughput with either setting over ten
 * alternating runs.
 *
 * The flag only steers where new objects are allocated, so setting it at run time (rather than on the command
 * line, which every way of starting the server would have to repeat) is safe; it has to come before the
 * application's start-up work to catch the decisions that work would make.
 */
export function keepShortLivedObjectsYoung(): void {
  setFlagsFromString('--no-allocation-site-pretenuring');
}
