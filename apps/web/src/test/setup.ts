import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy*/waitFor give up after 1 s by default; on a busy 2-core CI machine a whole-app render can take longer.
// Waiting longer never makes a wrong page pass: the assertion still needs the text to appear.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no layout or scrolling; the app scrolls to the top on every route change. (Files that run as the
// server does, in Node's environment, have no window at all.)
if (typeof window !== 'undefined') window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

afterEach(() => {
  cleanup();
  if (typeof window !== 'undefined') window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
