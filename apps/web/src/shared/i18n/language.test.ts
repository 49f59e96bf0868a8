import { afterEach, describe, expect, it, vi } from 'vitest';
import { followSavedLanguage, pageLocale, switchLanguage } from './language';

const page = (overrides: Partial<Parameters<typeof pageLocale>[0]>) =>
  pageLocale({ served: 'en', chosenByServer: false, cookies: '', languages: [], ...overrides });

describe('the language a page is read in', () => {
  it("is the server's choice for a page it built: the app takes over in the language it painted", () => {
    expect(page({ served: 'de', chosenByServer: true, cookies: 'lang=es', languages: ['en-US'] })).toBe('de');
  });

  it("is otherwise the person's own choice first, even over their browser's languages", () => {
    expect(page({ cookies: 'other=1; lang=es', languages: ['de-DE', 'en'] })).toBe('es');
  });

  it("then the first of the browser's languages that has a catalogue", () => {
    expect(page({ cookies: 'lang=fr', languages: ['fr-FR', 'de-AT', 'es'] })).toBe('de');
  });

  it("then the installation's default, which the served page carries", () => {
    expect(page({ served: 'es', languages: ['fr-FR', 'it'] })).toBe('es');
    expect(page({ served: '', languages: [] })).toBe('en');
  });
});

describe('a person’s own choice', () => {
  const cookie = () => document.cookie;
  afterEach(() => {
    document.cookie = 'lang=; Path=/; Max-Age=0';
  });

  it('is kept in the lang cookie, and the page loads again in it', () => {
    const reload = vi.fn();
    switchLanguage('es', reload);
    expect(cookie()).toContain('lang=es');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('follows the language saved on the account when the page is read in another one', () => {
    const reload = vi.fn();
    expect(followSavedLanguage('de', 'de', reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(followSavedLanguage('de', 'en', reload)).toBe(true);
    expect(cookie()).toContain('lang=de');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('gives the choice back to the browser when the saved language is cleared', () => {
    const reload = vi.fn();
    expect(followSavedLanguage(null, 'en', reload)).toBe(false);
    document.cookie = 'lang=es; Path=/';
    expect(followSavedLanguage(null, 'es', reload)).toBe(true);
    expect(cookie()).not.toContain('lang=');
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
