/**
 * The page the service worker shows for a page asked for without a connection (src/service-worker/sw.ts). One
 * file with its styles inline, so the worker keeps only it and the icon; texts from the contract. No script: the
 * site's Content-Security-Policy allows none inline, and "Try again" is a link to the address it stands in for.
 */
import { APP_FILES, messages, type Catalogue, type Locale } from '@rummage/contract';
import { de } from '@rummage/contract/locales/de';
import { es } from '@rummage/contract/locales/es';

/** Built once per language; the service worker shows the one of the language the person reads. */
const CATALOGUES: Record<Locale, Catalogue> = { en: messages, de, es };

const escape = (text: string) =>
  text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]!);

export function offlinePage(locale: Locale): string {
  const text = CATALOGUES[locale].notifications;
  const brand = APP_FILES.themeColor;
  return `<!doctype html>
<html lang="${locale}">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="theme-color" content="${brand}" />
    <link rel="manifest" href="${APP_FILES.manifest}" />
    <title>${escape(text.offlineTitle)}</title>
    <style>
      body { margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 1.5rem; box-sizing: border-box;
        background: ${APP_FILES.backgroundColor}; color: #1c1917; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
      main { max-width: 28rem; text-align: center; }
      img { width: 96px; height: 96px; }
      h1 { font-size: 1.5rem; margin: 1rem 0 0.5rem; }
      p { line-height: 1.5; color: #44403c; }
      a { display: inline-block; margin-top: 1rem; padding: 0.75rem 1.5rem; border-radius: 9999px; background: ${brand};
        color: #fff; font-weight: 600; text-decoration: none; }
      a:hover { background: #1a5b4c; }
      a:focus-visible { outline: 3px solid #f2a541; outline-offset: 2px; }
    </style>
  </head>
  <body>
    <main>
      <img src="${APP_FILES.icons.any192}" alt="" width="96" height="96" />
      <h1>${escape(text.offlineTitle)}</h1>
      <p>${escape(text.offlineText)}</p>
      <a href="">${escape(text.offlineRetry)}</a>
    </main>
  </body>
</html>
`;
}
