import { options } from 'preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { Dropdown } from './Dropdown';

/** Lets the render an update schedules run (a microtask), and nothing later: the next event may come before a frame. */
const rendered = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('dropdown', () => {
  // As in a browser: Preact runs effects after the next frame (src/test/setup.ts runs them at once instead).
  let testTiming: typeof options.requestAnimationFrame;
  beforeEach(() => {
    testTiming = options.requestAnimationFrame;
    options.requestAnimationFrame = (flush) => void setTimeout(flush, 16);
  });
  afterEach(() => {
    options.requestAnimationFrame = testTiming;
  });

  it('closes on a press outside made as soon as it shows, before the next frame', async () => {
    render(
      <>
        <p>Elsewhere</p>
        <Dropdown trigger="Menu" triggerLabel="Menu" triggerClassName="">
          {() => (
            <li>
              <a href="/marketplace">Marketplace</a>
            </li>
          )}
        </Dropdown>
      </>,
    );
    // Native events, outside testing-library's act, which would run the effects before going on.
    screen.getByRole('button', { name: 'Menu' }).click();
    await rendered();
    expect(screen.getByRole('link', { name: 'Marketplace' })).toBeTruthy();
    screen.getByText('Elsewhere').dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Marketplace' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('false');
  });
});
