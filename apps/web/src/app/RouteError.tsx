import { useTexts } from '../shared/i18n/useTexts';

/**
 * Last-resort screen when a page throws or its code chunk cannot be fetched (typically right after
 * a new version was deployed, or the device is offline, which it then says): offer a reload instead of a blank page. Unknown paths never land
 * here; the "*" route shows the not-found page.
 */
export function RouteError() {
  // Offline, the page's code could not be fetched: say so in the offline page's words, not "on our side".
  const texts = useTexts();
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  const N = texts.notifications;
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-6 px-4 text-center">
      <h1 className="text-2xl font-bold text-stone-900">
        {offline ? N.offlineTitle : texts.common.serverError}
      </h1>
      {offline && <p className="text-stone-700">{N.offlineText}</p>}
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        {offline ? N.offlineRetry : texts.common.reload}
      </button>
    </main>
  );
}
