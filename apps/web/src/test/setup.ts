import { afterAll, afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy*/waitFor give up after 1 s by default; on a busy 2-core CI machine a whole-app render can take longer.
// Waiting longer never makes a wrong page pass: the assertion still needs the text to appear.
configure({ asyncUtilTimeout: 5_000 });

/*
 * A worker runs its test files one after another in one jsdom window (vitest.config.ts `isolate: false`): building
 * a window and importing the app for each file took two-thirds of the suite's time. This file runs again before
 * each test file, and gives it what a window of its own would: the app's modules loaded afresh (a module keeps
 * state, such as a captcha script already loaded), an empty document at the start address, and empty storage.
 * React, the router and the other packages stay loaded: they keep nothing between renders.
 */
vi.resetModules();
if (typeof window !== 'undefined') {
  document.head.replaceChildren();
  document.body.replaceChildren();
  for (const { name } of [...document.documentElement.attributes])
    document.documentElement.removeAttribute(name);
  for (const { name } of [...document.body.attributes]) document.body.removeAttribute(name);
  document.title = '';
  window.history.replaceState(null, '', '/');
  window.localStorage.clear();
  window.sessionStorage.clear();
  // jsdom has no layout or scrolling; the app scrolls to the top on every route change. (Files that run as the
  // server does, in Node's environment, have no window at all.)
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
}

afterEach(() => {
  cleanup();
  if (typeof window !== 'undefined') window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

afterAll(() => {
  // A file that stopped the clock must not leave it stopped for the next file.
  vi.useRealTimers();
});
