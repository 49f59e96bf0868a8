import { messages } from '@rummage/contract';
import { APP_TEXT } from './texts';

/**
 * Last-resort screen when a page throws or its code chunk cannot be fetched (typically right after
 * a new version was deployed): offer a reload instead of a blank page. Unknown paths never land
 * here; the "*" route shows the not-found page.
 */
export function RouteError() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-6 px-4 text-center">
      <h1 className="text-2xl font-bold text-stone-900">{messages.common.serverError}</h1>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        {APP_TEXT.reload}
      </button>
    </main>
  );
}
