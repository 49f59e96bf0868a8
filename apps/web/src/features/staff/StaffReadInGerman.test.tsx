import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { API } from '@rummage/contract';
import { mockApi } from '../../test/api';
import { loadLanguage } from '../../shared/i18n/catalogues';
import { LanguageContext } from '../../shared/i18n/useTexts';
import { LogTab } from './LogTab';
import { logEntry } from './testData';

describe('the staff console read in German', () => {
  it('shows the log with its actions, dates and the search report in German', async () => {
    mockApi({
      [`GET ${API.staff.moderationLog}`]: {
        body: { data: [logEntry()], page: 1, pageSize: 20, total: 1 },
      },
      [`GET ${API.staff.searchReport}`]: {
        body: { searches: 5, zeroResultShare: 0, topZeroResultQueries: [] },
      },
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <LanguageContext.Provider value={await loadLanguage('de')}>
        <QueryClientProvider client={client}>
          <LogTab />
        </QueryClientProvider>
      </LanguageContext.Provider>,
    );
    const log = await screen.findByRole('region', { name: 'Protokoll' });
    const row = within(await within(log).findByRole('list')).getByRole('listitem');
    expect(row.textContent).toContain('@sam hat eine Anzeige ausgeblendet „Blue armchair“ · @maria');
    expect(row.querySelector('time')?.textContent).toMatch(/^06\.03\.2025, \d\d:\d\d$/);
    expect(
      await screen.findByRole('heading', { name: 'Jede Suche der letzten 7 Tage hat etwas gefunden.' }),
    ).toBeTruthy();
  });
});
