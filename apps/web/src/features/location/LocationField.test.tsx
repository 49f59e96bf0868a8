import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API, SUGGESTION_DEBOUNCE_MS } from '@rummage/contract';
import { loadLanguage } from '../../shared/i18n/catalogues';
import { LanguageContext } from '../../shared/i18n/useTexts';
import { LocationField, type ChosenLocation } from './LocationField';
import { cities, jsonResponse, mockFetch, seriousA11yViolations } from '../../test/location';

function Harness({
  limit = 5,
  initial = null,
  onChange,
}: {
  limit?: number;
  initial?: ChosenLocation | null;
  onChange: (value: ChosenLocation | null) => void;
}) {
  const [value, setValue] = useState<ChosenLocation | null>(initial);
  return (
    <>
      <LocationField
        id="city"
        label="Location"
        limit={limit}
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
      <button type="button">elsewhere</button>
    </>
  );
}

/** Runs the debounce timer and lets the mocked fetch and React updates finish. */
async function settle(ms = SUGGESTION_DEBOUNCE_MS) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  await act(async () => {
    for (let i = 0; i < 20; i += 1) await Promise.resolve();
  });
}

function type(text: string) {
  fireEvent.input(screen.getByRole('combobox'), { target: { value: text } });
}

describe('LocationField', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('sends no request for blank input', async () => {
    const { fn } = mockFetch({ [API.geo.cities]: () => jsonResponse({ data: cities(3) }) });
    render(<Harness onChange={vi.fn()} />);
    type('   ');
    await settle(SUGGESTION_DEBOUNCE_MS * 3);
    expect(fn).not.toHaveBeenCalled();
    expect(screen.getByRole('combobox')).toHaveProperty('ariaExpanded', 'false');
  });

  it('debounces typing into one request with the trimmed text and the limit', async () => {
    const { calls } = mockFetch({ [API.geo.cities]: () => jsonResponse({ data: cities(3) }) });
    render(<Harness limit={5} onChange={vi.fn()} />);
    type('S');
    await act(async () => vi.advanceTimersByTimeAsync(100));
    type('Sp');
    await act(async () => vi.advanceTimersByTimeAsync(100));
    type(' Spr ');
    await act(async () => vi.advanceTimersByTimeAsync(SUGGESTION_DEBOUNCE_MS - 1));
    expect(calls).toHaveLength(0);
    await settle(1);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url.pathname).toBe(API.geo.cities);
    expect(calls[0]?.url.searchParams.get('q')).toBe('Spr');
    expect(calls[0]?.url.searchParams.get('limit')).toBe('5');
  });

  it("asks for labels in the page's language, whatever the browser's", async () => {
    const { calls } = mockFetch({ [API.geo.cities]: () => jsonResponse({ data: cities(1) }) });
    const german = await loadLanguage('de');
    const { unmount } = render(
      <LanguageContext.Provider value={german}>
        <Harness onChange={vi.fn()} />
      </LanguageContext.Provider>,
    );
    type('Münch');
    await settle();
    expect(calls[0]?.headers.get('accept-language')).toBe('de');
    unmount();
    render(<Harness onChange={vi.fn()} />);
    type('Munich');
    await settle();
    expect(calls[1]?.headers.get('accept-language')).toBe('en');
  });

  it('aborts a look-up that is still running when the text changes', async () => {
    let release: (() => void) | undefined;
    const { calls } = mockFetch({
      [API.geo.cities]: () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(jsonResponse({ data: cities(2) }));
        }),
    });
    render(<Harness onChange={vi.fn()} />);
    type('Spr');
    await settle();
    expect(calls).toHaveLength(1);
    type('Spri');
    expect(calls[0]?.signal?.aborted).toBe(true);
    release?.();
    await settle(0);
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('shows at most `limit` suggestions', async () => {
    mockFetch({ [API.geo.cities]: () => jsonResponse({ data: cities(12) }) });
    render(<Harness limit={5} onChange={vi.fn()} />);
    type('Spring');
    await settle();
    expect(screen.getAllByRole('option')).toHaveLength(5);
    expect(screen.getByRole('combobox')).toHaveProperty('ariaExpanded', 'true');
  });

  it('choosing with the mouse sets text and coordinates (", USA" stripped) and hides the list', async () => {
    mockFetch({ [API.geo.cities]: () => jsonResponse({ data: cities(3) }) });
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    type('Spring');
    await settle();
    const option = screen.getByRole('option', { name: 'Springfield, IL' });
    // The press must not move focus, or the blur-clear would wipe the field before the click lands.
    expect(fireEvent.mouseDown(option)).toBe(false);
    fireEvent.click(option);
    expect(onChange).toHaveBeenLastCalledWith({
      address: 'Springfield, IL',
      latitude: 39.78,
      longitude: -89.65,
    });
    expect(screen.getByRole('combobox')).toHaveProperty('value', 'Springfield, IL');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByRole('listbox', { hidden: true }).hidden).toBe(true);
    // A chosen place survives leaving the field.
    fireEvent.blur(screen.getByRole('combobox'));
    expect(screen.getByRole('combobox')).toHaveProperty('value', 'Springfield, IL');
  });

  it('leaving the field with typed but unchosen text clears it and reports null', async () => {
    mockFetch({ [API.geo.cities]: () => jsonResponse({ data: cities(3) }) });
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    type('Spring');
    await settle();
    fireEvent.blur(screen.getByRole('combobox'));
    expect(screen.getByRole('combobox')).toHaveProperty('value', '');
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('editing the text after a choice clears the choice but keeps the text', async () => {
    mockFetch({ [API.geo.cities]: () => jsonResponse({ data: cities(3) }) });
    const onChange = vi.fn();
    render(
      <Harness onChange={onChange} initial={{ address: 'Austin, TX', latitude: 30.27, longitude: -97.74 }} />,
    );
    expect(screen.getByRole('combobox')).toHaveProperty('value', 'Austin, TX');
    type('Austin, T');
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getByRole('combobox')).toHaveProperty('value', 'Austin, T');
  });

  it('supports ArrowDown/ArrowUp, Enter to choose and Escape to close', async () => {
    mockFetch({ [API.geo.cities]: () => jsonResponse({ data: cities(3) }) });
    const onChange = vi.fn();
    const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Harness onChange={onChange} />
      </form>,
    );
    const input = screen.getByRole('combobox');
    type('Spring');
    await settle();

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe('city-option-0');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe('city-option-0');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(input.getAttribute('aria-activedescendant')).toBe('city-option-2');
    expect(screen.getByRole('option', { name: 'Springfield 2, IL' }).getAttribute('aria-selected')).toBe(
      'true',
    );

    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input).toHaveProperty('ariaExpanded', 'false');
    expect(input.getAttribute('aria-activedescendant')).toBeNull();

    // ArrowDown reopens the list; Enter chooses and must not submit the surrounding form.
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith({
      address: 'Springfield 1, IL',
      latitude: 40.78,
      longitude: -90.65,
    });
    expect(input).toHaveProperty('value', 'Springfield 1, IL');
    expect(input).toHaveProperty('ariaExpanded', 'false');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('is a labelled combobox with no serious or critical axe-core violations', async () => {
    mockFetch({ [API.geo.cities]: () => jsonResponse({ data: cities(3) }) });
    const { container } = render(<Harness onChange={vi.fn()} />);
    const input = screen.getByRole('combobox', { name: 'Location' });
    expect(input.getAttribute('aria-controls')).toBe('city-listbox');
    type('Spring');
    await settle();
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    vi.useRealTimers();
    expect(await seriousA11yViolations(container)).toEqual([]);
  });

  it('names an unlabelled field by its placeholder', () => {
    render(<LocationField id="c" placeholder="Enter your city" limit={15} value={null} onChange={vi.fn()} />);
    expect(screen.getByRole('combobox', { name: 'Enter your city' })).toBeTruthy();
  });
});
