import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

function AfterFirstRender({ run }: { run: () => void }) {
  useEffect(run, [run]);
  return null;
}

/**
 * Renders the app into `container` (#root), replacing the HTML the page was painted with (prerendered,
 * src/prerender.tsx). As a transition React renders in slices and lets the browser handle input in between,
 * instead of one task of several hundred milliseconds on a phone; the HTML stays on screen until it is done.
 * `onRendered` runs once the app's first render is on screen.
 */
export function mount(container: HTMLElement, onRendered: () => void = () => undefined): void {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
        <AfterFirstRender run={onRendered} />
      </StrictMode>,
    ),
  );
}
