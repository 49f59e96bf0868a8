import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { holdEarlyInput } from './earlyInput';

/** A header button and a search form, as the app renders them. */
function Page({ onMenu, onSearch }: { onMenu: () => void; onSearch: (term: string) => void }) {
  const [term, setTerm] = useState('');
  return (
    <div>
      <button type="button" aria-label="Account menu" onClick={onMenu} />
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSearch(term);
        }}
      >
        <input id="search" name="search" value={term} onChange={(event) => setTerm(event.target.value)} />
        <button type="submit">search</button>
      </form>
    </div>
  );
}

/** #root holding the prerendered markup (no handlers), as the browser paints it before the app runs. */
function prerendered() {
  const root = document.createElement('div');
  root.innerHTML = renderToStaticMarkup(<Page onMenu={() => undefined} onSearch={() => undefined} />);
  document.body.append(root);
  return root;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('holdEarlyInput', () => {
  it('does again, on the app’s page, what was clicked and typed on the prerendered one', async () => {
    const root = prerendered();
    const release = holdEarlyInput(root);
    fireEvent.click(root.querySelector('[aria-label="Account menu"]')!);
    const field = root.querySelector('input')!;
    fireEvent.input(field, { target: { value: 'lamp' } });
    fireEvent.click(root.querySelector('button[type="submit"]')!);

    const onMenu = vi.fn();
    const onSearch = vi.fn();
    root.innerHTML = '';
    render(<Page onMenu={onMenu} onSearch={onSearch} />, { container: root });
    act(() => release());

    expect(root.querySelector('input')?.value).toBe('lamp');
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith('lamp'));
    expect(onMenu).toHaveBeenCalledTimes(1);
  });

  it('leaves alone an element that no longer reads the same, and stops holding once released', async () => {
    const root = prerendered();
    const release = holdEarlyInput(root);
    fireEvent.click(root.querySelector('[aria-label="Account menu"]')!);

    root.innerHTML = '<div><button type="button" aria-label="Something else"></button></div>';
    const other = vi.fn();
    root.querySelector('button')!.addEventListener('click', other);
    release();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(other).not.toHaveBeenCalled();

    fireEvent.click(root.querySelector('button')!);
    expect(other).toHaveBeenCalledTimes(1);
  });

  it('waits for a page that shows its fields a moment later (a signed-in reader’s data), then types and sends', async () => {
    const root = prerendered();
    const release = holdEarlyInput(root);
    const field = root.querySelector('input')!;
    fireEvent.input(field, { target: { value: 'walnut desk' } });
    fireEvent.click(root.querySelector('button[type="submit"]')!);

    // The app's first render is a loading state: nothing to type into or click yet.
    const onSearch = vi.fn();
    root.innerHTML = '';
    const app = render(<p>Loading listing</p>, { container: root });
    act(() => release());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(onSearch).not.toHaveBeenCalled();

    app.rerender(<Page onMenu={() => undefined} onSearch={onSearch} />);
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith('walnut desk'));
    expect(root.querySelector('input')?.value).toBe('walnut desk');
  });

  it('keeps the person typing: the field they were in has the focus again, the caret where it was', () => {
    const root = prerendered();
    const release = holdEarlyInput(root);
    const field = root.querySelector('input')!;
    field.focus();
    fireEvent.input(field, { target: { value: 'oak lamp' } });
    field.setSelectionRange(3, 3);

    root.innerHTML = '';
    expect(document.activeElement).toBe(document.body);
    render(<Page onMenu={() => undefined} onSearch={() => undefined} />, { container: root });
    act(() => release());

    const appField = root.querySelector('input')!;
    expect(appField).not.toBe(field);
    expect(document.activeElement).toBe(appField);
    expect(appField.value).toBe('oak lamp');
    expect([appField.selectionStart, appField.selectionEnd]).toEqual([3, 3]);
  });

  it('gives the focus back only to a field the person was still in', async () => {
    const root = prerendered();
    const release = holdEarlyInput(root);
    const field = root.querySelector('input')!;
    field.focus();
    field.blur();
    await Promise.resolve();

    root.innerHTML = '';
    render(<Page onMenu={() => undefined} onSearch={() => undefined} />, { container: root });
    act(() => release());
    expect(document.activeElement).toBe(document.body);
  });

  it('drops what still waits once the person acts on the app’s page themselves', async () => {
    const root = prerendered();
    const release = holdEarlyInput(root);
    fireEvent.input(root.querySelector('input')!, { target: { value: 'old words' } });
    fireEvent.click(root.querySelector('button[type="submit"]')!);

    root.innerHTML = '';
    const onMenu = vi.fn();
    const onSearch = vi.fn();
    const app = render(<button type="button">Retry</button>, { container: root });
    act(() => release());
    fireEvent.click(root.querySelector('button')!);

    app.rerender(<Page onMenu={onMenu} onSearch={onSearch} />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(root.querySelector('input')?.value).toBe('');
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('holds a click until the app’s button is enabled (a choice that waits for the account)', async () => {
    const root = prerendered();
    const release = holdEarlyInput(root);
    fireEvent.click(root.querySelector('[aria-label="Account menu"]')!);

    const onMenu = vi.fn();
    function Waiting({ ready }: { ready: boolean }) {
      return <button type="button" aria-label="Account menu" disabled={!ready} onClick={onMenu} />;
    }
    root.innerHTML = '';
    const app = render(<Waiting ready={false} />, { container: root });
    act(() => release());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(onMenu).not.toHaveBeenCalled();

    app.rerender(<Waiting ready />);
    await waitFor(() => expect(onMenu).toHaveBeenCalledTimes(1));
  });
});
