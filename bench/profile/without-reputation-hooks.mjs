/** Module resolution hooks for without-reputation.mjs (they run off the main thread, so in a file of their own). */
const REAL = /\/apps\/server\/src\/modules\/deal\/review\.repository\.(?:ts|js)$/;
const STUB = new URL('./without-reputation.ts', import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  // The stub itself imports the real module.
  if (context.parentURL === STUB || !REAL.test(resolved.url.split('?')[0])) return resolved;
  return { ...resolved, url: STUB, shortCircuit: true };
}
