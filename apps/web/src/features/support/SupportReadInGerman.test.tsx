import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api';
import { loadLanguage } from '../../shared/i18n/catalogues';
import { LanguageContext } from '../../shared/i18n/useTexts';
import { SupportForm } from './SupportForm';

describe('the support form read in German', () => {
  it('names its fields in German and says in German what is missing', async () => {
    mockApi();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <LanguageContext.Provider value={await loadLanguage('de')}>
        <QueryClientProvider client={client}>
          <SupportForm username="maria" onCreated={() => {}} onAlreadyOpen={async () => false} />
        </QueryClientProvider>
      </LanguageContext.Provider>,
    );
    expect(screen.getByRole('combobox', { name: 'Anliegen' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Wähle ein Anliegen' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Beschreibung' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'senden' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Bitte fülle alle Felder richtig aus.');
  });
});
