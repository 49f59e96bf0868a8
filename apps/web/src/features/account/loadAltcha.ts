/**
 * Loads the ALTCHA widget in its strict-CSP build: styles come from a stylesheet file and the
 * proof-of-work runs in worker files served by this site, instead of an injected <style> element and
 * blob: workers. Kept in its own module so only the register page's chunk pulls it in.
 */
import 'altcha/external';
import 'altcha/altcha.css';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import ShaWorker from 'altcha/workers/sha?worker';

const PBKDF2 = ['PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512'];
const SHA = ['SHA-256', 'SHA-384', 'SHA-512'];

for (const algorithm of PBKDF2) {
  if (!globalThis.$altcha.algorithms.has(algorithm))
    globalThis.$altcha.algorithms.set(algorithm, () => new Pbkdf2Worker());
}
for (const algorithm of SHA) {
  if (!globalThis.$altcha.algorithms.has(algorithm))
    globalThis.$altcha.algorithms.set(algorithm, () => new ShaWorker());
}
