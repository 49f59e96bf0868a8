import { render, screen } from '@testing-library/react';
import type { Locale } from '@rummage/contract';
import { describe, expect, it } from 'vitest';
import { loadLanguage } from '../i18n/catalogues';
import { LanguageContext } from '../i18n/useTexts';
import { CountBadge } from './CountBadge';

async function renderBadge(locale: Locale, count: number) {
  const language = await loadLanguage(locale);
  render(
    <LanguageContext.Provider value={language}>
      <CountBadge count={count} noun="unreadMessages" />
    </LanguageContext.Provider>,
  );
  return screen.getByTestId('count-badge').textContent;
}

describe("CountBadge in the page's language (docs/product.md §22)", () => {
  it('writes a large count as the SPEC does in English', async () => {
    expect(await renderBadge('en', 1530)).toBe('1.5k unread messages');
  });
  it('writes thousands as German and Spanish readers do', async () => {
    expect(await renderBadge('de', 1530)).toBe('1,5\u00a0Tsd. ungelesene Nachrichten');
  });
  it('writes thousands with "mil" in Spanish', async () => {
    expect(await renderBadge('es', 1530)).toBe('1,5\u00a0mil mensajes sin leer');
  });
  it('shows small counts as they are in every language', async () => {
    expect(await renderBadge('de', 3)).toBe('3 ungelesene Nachrichten');
  });
});
