import { StrictMode, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { hydrate, type QueryClient } from '@tanstack/react-query';
import { loadLanguage } from '../shared/i18n/catalogues';
import { setBrowserLanguage } from '../shared/i18n/i18n';
import { browserPageLocale } from '../shared/i18n/language';
import { CONFIG_QUERY_KEY, followInstallationCountry } from '../shared/config/useAppConfig';
import { flagSavedPlace, readSession } from '../shared/session/storage';
import { App } from './App';
import { PAGE_STATE_ELEMENT_ID } from './pageState';
import { createQueryClient } from './queryClient';

/**
 * A layout effect: it runs in the same task as the commit that swaps the prerendered page for the app's. An effect
 * would run a frame later, and keys typed in between would land on the page's body, the field they were meant
 * for being gone (src/app/earlyInput.ts puts the focus back).
 */
function AfterFirstRender({ run }: { run: () => void }) {
  useLayoutEffect(run, [run]);
  return null;
}

/**
 * Puts the data the page was rendered with into `client`, so the app's first render shows the same page instead
 * of loading it again. The server rendered it as a visitor sees it (without the stored token), so for a signed-in
 * reader that data is only a stand-in: marked stale, it stays on screen while their own answers (their likes,
 * their follows) are asked for, instead of the page turning into a spinner and back.
 */
export function adoptPageState(client: QueryClient, signedIn: boolean): void {
  const element = document.getElementById(PAGE_STATE_ELEMENT_ID);
  element?.remove();
  if (!element?.textContent) return;
  try {
    hydrate(client, JSON.parse(element.textContent));
  } catch {
    // Unreadable state only costs the requests it would have saved.
    return;
  }
  if (signedIn)
    void client.invalidateQueries({ predicate: (query) => query.queryKey[0] !== CONFIG_QUERY_KEY[0] });
}

/**
 * Renders the app into `container` (#root), replacing the HTML the page was painted with (prerendered,
 * src/prerender.tsx), starting from the data that HTML was rendered with, if any (./pageState.ts). Preact renders
 * it in one task (it has no transitions to slice it with, docs/decisions/0023-preact.md); the HTML stays on screen
 * until it is done. StrictMode is a plain fragment there.
 * `onRendered` runs once the app's first render is in the page, in the task that put it there. The app is read in
 * the language the page was painted in (./shared/i18n/language.ts), whose catalogue is loaded first.
 */
export async function mount(container: HTMLElement, onRendered: () => void = () => undefined): Promise<void> {
  const locale = browserPageLocale();
  const language = await loadLanguage(locale);
  setBrowserLanguage(language);
  const client = createQueryClient();
  followInstallationCountry(client);
  adoptPageState(client, readSession() !== null);
  flagSavedPlace();
  const root = createRoot(container);
  const afterRender = () => {
    onRendered();
    if (import.meta.env.PROD) void import('./serviceWorker').then((worker) => worker.registerServiceWorker());
  };
  root.render(
    <StrictMode>
      <App client={client} language={language} />
      <AfterFirstRender run={afterRender} />
    </StrictMode>,
  );
}
