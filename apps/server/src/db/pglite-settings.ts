/**
 * PGlite's shared buffers in MB (PGLITE_SHARED_BUFFERS_MB). PostgreSQL's default (128MB, which PGlite's initdb
 * writes into postgresql.conf) is set up in the WebAssembly memory at start-up, every page of it touched, so each
 * MB of it is a MB resident from the first second on, idle or not: with 16 an idle server holds about 120 MB less
 * than with 128 and opens its database 100–250 ms sooner, for a buffer pool a third of the demo database (about
 * 40 MB on disk). Pages beyond it are read back from the operating system's file cache, as PostgreSQL's are.
 * docs/benchmarks-history.md, "bench/coldstart".
 */
export const PGLITE_SHARED_BUFFERS_MB = 16;
