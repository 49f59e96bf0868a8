import { describe, expect, it } from 'vitest';
import { pageLocale } from './language';

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
