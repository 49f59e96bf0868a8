import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { ROUTES, messages } from '@rummage/contract';
import { mockApi } from '../../test/api';
import { renderApp } from '../../test/renderApp';
import { seriousA11yViolations } from '../../test/location';

const P = messages.reviews.rulesPage;

describe('how ratings work', () => {
  it('says what a rating is for, that ratings are published together, and what gets one removed', async () => {
    mockApi();
    renderApp(ROUTES.ratingRules);
    expect(await screen.findByRole('heading', { level: 1, name: P.heading }, { timeout: 5000 })).toBeTruthy();
    for (const section of P.sections)
      expect(screen.getByRole('heading', { level: 2, name: section.heading })).toBeTruthy();
    expect(screen.getByText(/both are published at once/)).toBeTruthy();
    expect(screen.getByText(/its author is told which rule it broke/)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(P.title));
    expect(await seriousA11yViolations()).toEqual([]);
  });
});
