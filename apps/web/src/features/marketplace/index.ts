/** What other features may use of the marketplace: only a reset for tests of its reload check. */
export { resetReloadCheckForTests } from './useDropSearchOnReload';
