import {
  DEFAULT_LOCALE,
  chooseLocale,
  chosenLocaleFromCookies,
  isLocale,
  languageCookie,
  type Locale,
} from '@rummage/contract';

/**
 * The language a page is read in, in this order: the person's own choice (the `lang` cookie), then their browser's
 * languages, then the installation's DEFAULT_LOCALE. The server makes this choice for the HTML it sends and
 * writes it into `<html lang>` (apps/server/src/plugins/static-spa.ts); the app takes it from there, so its first
 * render is in the language the page was painted in. Only a page the server did not choose for (the dev server's
 * index.html) is chosen here, with `<html lang>` standing in for the default.
 */
export function pageLocale(page: {
  /** `<html lang>` of the page as it arrived. */
  served: string;
  /** Whether the server chose `served` (a built page), or it is only the template's default. */
  chosenByServer: boolean;
  cookies: string;
  languages: readonly string[];
}): Locale {
  if (page.chosenByServer && isLocale(page.served)) return page.served;
  return chooseLocale({
    chosen: chosenLocaleFromCookies(page.cookies),
    acceptLanguage: page.languages.join(','),
    defaultLocale: isLocale(page.served) ? page.served : DEFAULT_LOCALE,
  });
}

export function browserPageLocale(): Locale {
  return pageLocale({
    served: document.documentElement.lang,
    chosenByServer: import.meta.env.PROD,
    cookies: document.cookie,
    languages: navigator.languages ?? [navigator.language],
  });
}

/**
 * Keeps `locale` as the person's choice in this browser (a cookie the server reads for every page) and loads the
 * page again in it: the server's HTML, the app and the texts it keeps then all agree, and the person stays on
 * the page they were reading.
 */
export function switchLanguage(locale: Locale, reload = () => window.location.reload()): void {
  document.cookie = languageCookie(locale);
  reload();
}

/**
 * The language a signed-in person saved on their account (null: none) made this browser's too, when the page is
 * read in `current`: the choice is kept in the cookie and the page loaded again in it. With null the cookie goes,
 * and their browser's languages decide again. True when the page loads again; never when the browser keeps no
 * cookie, which would load it again and again.
 */
export function followSavedLanguage(
  saved: Locale | null,
  current: Locale,
  reload = () => window.location.reload(),
): boolean {
  if (saved === null) {
    if (chosenLocaleFromCookies(document.cookie) === undefined) return false;
    document.cookie = forgetLanguageCookie();
    reload();
    return true;
  }
  if (saved === current) return false;
  document.cookie = languageCookie(saved);
  if (chosenLocaleFromCookies(document.cookie) !== saved) return false;
  reload();
  return true;
}

/** The document.cookie text that removes the `lang` cookie. */
function forgetLanguageCookie(): string {
  return languageCookie(DEFAULT_LOCALE).replace(/Max-Age=\d+/, 'Max-Age=0');
}
