/**
 * `node --import ./bench/profile/without-reputation.mjs …`: the app with its reputation statement left out, the
 * floor of bench/profile. Every import of the deal module's review repository is answered by
 * without-reputation.ts, which re-exports that module but answers `reputationOf` with a reputation of nobody,
 * without asking the database: every answer that carries a reputation is then the app's answer as it was before
 * ratings and deals (docs/benchmarks.md, "bench/profile"). Plain JavaScript: it is loaded before tsx.
 */
import { register } from 'node:module';

register('./without-reputation-hooks.mjs', import.meta.url);
