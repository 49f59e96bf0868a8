import { options } from 'preact';
import { afterAll, afterEach, vi } from 'vitest';

/*
 * Preact runs effects after the next frame (a requestAnimationFrame or 35 ms, whichever comes first). A page that
 * renders when an answer arrives, outside act(), would have its effects (a countdown's clock, a dialog's focus)
 * still waiting when the test looks; React in an act() environment, which Testing Library sets up, runs them
 * before the test goes on. The same effects, run once the render's task is done.
 */
options.requestAnimationFrame = (flush) => void Promise.resolve().then(flush);

/*
 * A worker runs its test files one after another in one jsdom window (vitest.config.ts `isolate: false`): building
 * a window and importing the app for each file took two-thirds of the suite's time. This file runs again before
 * each test file, and gives it what a window of its own would: the app's modules loaded afresh (a module keeps
 * state, such as a captcha script already loaded), an empty document at the start address, and empty storage.
 * Preact and the packages that do not import React stay loaded: they keep nothing between renders.
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

// Testing Library goes through the build's aliases (vitest.config.ts), so it is loaded afresh with the app's
// modules: imported after the reset above, it is the copy the test file gets, which knows what to clean up.
const { cleanup, configure } = await import('@testing-library/react');
// findBy*/waitFor give up after 1 s by default; on a busy 2-core CI machine a whole-app render can take longer.
// Waiting longer never makes a wrong page pass: the assertion still needs the text to appear.
configure({ asyncUtilTimeout: 5_000 });

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
