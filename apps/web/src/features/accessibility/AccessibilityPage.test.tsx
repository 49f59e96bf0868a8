import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ACCESSIBILITY_STATEMENT, ROUTES, messages } from '@rummage/contract';
import { mockApi } from '../../test/api';
import { renderApp } from '../../test/renderApp';
import { seriousA11yViolations } from '../../test/location';

describe('accessibility statement', () => {
  it('is linked from the footer and says the aim, the tests, the limits and how to report a barrier', async () => {
    mockApi();
    const { router } = renderApp(ROUTES.home);
    const footer = await screen.findByRole('contentinfo', {}, { timeout: 5000 });
    fireEvent.click(within(footer).getByRole('link', { name: messages.footer.accessibility }));
    expect(router.state.location.pathname).toBe('/accessibility');

    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: ACCESSIBILITY_STATEMENT.heading },
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(screen.getByText(/WCAG\) 2\.2 at level AA/)).toBeTruthy();
    for (const section of ACCESSIBILITY_STATEMENT.sections)
      expect(screen.getByRole('heading', { level: 2, name: section.heading })).toBeTruthy();
    expect(screen.getByText(/axe-core/)).toBeTruthy();
    expect(screen.getByText(/keyboard alone/)).toBeTruthy();
    expect(screen.getByText(/375 px .* 1280 px/)).toBeTruthy();
    expect(screen.getByText(/announced to screen readers/)).toBeTruthy();
    expect(screen.getByText(/^Maps /)).toBeTruthy();
    // The installation's own name and contact, not placeholders.
    expect(screen.getByText(/or write to help@rummage\.test\./)).toBeTruthy();
    expect(screen.queryByText(/\{(product|email)\}/)).toBeNull();
    expect(screen.getByRole('link', { name: ACCESSIBILITY_STATEMENT.supportLink }).getAttribute('href')).toBe(
      ROUTES.support,
    );
    await waitFor(() => expect(document.title).toBe('Accessibility - Rummage'));
    expect(await seriousA11yViolations()).toEqual([]);
  });
});
