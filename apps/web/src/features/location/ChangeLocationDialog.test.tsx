import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API, LOCATION_UPDATED_EVENT, RADIUS_UPDATED_EVENT, SESSION_KEYS, messages } from '@rummage/contract';
import { ChangeLocationDialog } from './ChangeLocationDialog';
import { cities, jsonResponse, mockFetch, seriousA11yViolations } from '../../test/location';

function Opener({ onClose = vi.fn() }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open dialog
      </button>
      <ChangeLocationDialog
        open={open}
        onClose={() => {
          setOpen(false);
          onClose();
        }}
      />
    </>
  );
}

function openDialog(onClose = vi.fn()) {
  render(<Opener onClose={onClose} />);
  const opener = screen.getByRole('button', { name: 'open dialog' });
  opener.focus();
  fireEvent.click(opener);
  return { opener, onClose, dialog: screen.getByRole('dialog', { name: messages.location.dialogTitle }) };
}

function listen(eventName: string) {
  const listener = vi.fn();
  window.addEventListener(eventName, listener);
  return { listener, stop: () => window.removeEventListener(eventName, listener) };
}

describe('ChangeLocationDialog', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('renders nothing while closed', () => {
    render(<ChangeLocationDialog open={false} onClose={vi.fn()} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is a labelled modal dialog, prefilled with the default radius, with no serious axe findings', async () => {
    const { dialog } = openDialog();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByRole('heading', { name: messages.location.dialogTitle })).toBeTruthy();
    expect(screen.getByLabelText(messages.location.radiusLabel)).toHaveProperty('value', '25');
    expect(screen.getByRole('combobox', { name: messages.location.cityPlaceholder })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(messages.location.radiusLabel));
    expect(await seriousA11yViolations(document.body)).toEqual([]);
  });

  it('prefills the saved radius', () => {
    window.localStorage.setItem(SESSION_KEYS.userRadius, '40');
    openDialog();
    expect(screen.getByLabelText(messages.location.radiusLabel)).toHaveProperty('value', '40');
  });

  it('Update Radius saves userRadius, broadcasts radius-updated and closes', () => {
    const radiusEvent = listen(RADIUS_UPDATED_EVENT);
    const { onClose } = openDialog();
    fireEvent.input(screen.getByLabelText(messages.location.radiusLabel), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: messages.location.updateRadius }));
    expect(window.localStorage.getItem(SESSION_KEYS.userRadius)).toBe('10');
    expect(radiusEvent.listener).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    radiusEvent.stop();
  });

  it.each(['0', '-3', ''])('refuses the radius %j with a readable message and stays open', (value) => {
    const { onClose } = openDialog();
    const input = screen.getByLabelText(messages.location.radiusLabel);
    fireEvent.input(input, { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: messages.location.updateRadius }));
    expect(screen.getByRole('alert').textContent).toBe(messages.location.radiusInvalid);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(window.localStorage.getItem(SESSION_KEYS.userRadius)).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('choosing a city saves userAddress/userLat/userLng, broadcasts location-updated and closes', async () => {
    const { calls } = mockFetch({ [API.geo.cities]: () => jsonResponse({ data: cities(20) }) });
    const locationEvent = listen(LOCATION_UPDATED_EVENT);
    const { onClose } = openDialog();
    fireEvent.input(screen.getByRole('combobox'), { target: { value: 'Spring' } });
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(15);
    expect(calls[0]?.url.searchParams.get('limit')).toBe('15');
    fireEvent.mouseDown(options[0]!);
    fireEvent.click(options[0]!);
    expect(window.localStorage.getItem(SESSION_KEYS.userAddress)).toBe('Springfield, IL');
    expect(window.localStorage.getItem(SESSION_KEYS.userLat)).toBe('39.78');
    expect(window.localStorage.getItem(SESSION_KEYS.userLng)).toBe('-89.65');
    expect(locationEvent.listener).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    locationEvent.stop();
  });

  it('Escape closes the suggestion list first, then the dialog; focus returns to the opener', async () => {
    mockFetch({ [API.geo.cities]: () => jsonResponse({ data: cities(3) }) });
    const { opener, onClose } = openDialog();
    const city = screen.getByRole('combobox');
    city.focus();
    fireEvent.input(city, { target: { value: 'Spring' } });
    await screen.findAllByRole('option');
    fireEvent.keyDown(city, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    fireEvent.keyDown(city, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(opener);
  });

  it('a press on the backdrop closes, a press inside does not', () => {
    const { dialog, onClose } = openDialog();
    fireEvent.mouseDown(dialog);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.mouseDown(dialog.parentElement!);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps Tab focus inside the dialog', () => {
    const { dialog } = openDialog();
    const closeButton = screen.getByRole('button', { name: messages.location.close });
    const last = screen.getByRole('button', { name: messages.location.useCurrentLocation });
    last.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(closeButton);
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  describe('use my current location', () => {
    function stubPosition(latitude: number, longitude: number) {
      vi.stubGlobal('navigator', {
        ...navigator,
        geolocation: {
          getCurrentPosition: (success: PositionCallback) =>
            success({ coords: { latitude, longitude } } as GeolocationPosition),
        },
      });
    }

    it('saves the label of the reverse look-up ("City, ST") and closes', async () => {
      stubPosition(30.2672, -97.7431);
      const { calls } = mockFetch({
        [API.geo.reverse]: () =>
          jsonResponse({ city: 'Austin', state: 'TX', country: 'US', label: 'Austin, TX' }),
      });
      const { onClose } = openDialog();
      fireEvent.click(screen.getByRole('button', { name: messages.location.useCurrentLocation }));
      await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
      expect(calls[0]?.url.searchParams.get('lat')).toBe('30.2672');
      expect(calls[0]?.url.searchParams.get('lng')).toBe('-97.7431');
      // In the page's language (English here), so the label is too.
      expect(calls[0]?.headers.get('accept-language')).toBe('en');
      expect(window.localStorage.getItem(SESSION_KEYS.userAddress)).toBe('Austin, TX');
      expect(window.localStorage.getItem(SESSION_KEYS.userLat)).toBe('30.2672');
    });

    it('saves "City, Country" abroad, as the server labels it', async () => {
      stubPosition(52.5219, 13.4132);
      mockFetch({
        [API.geo.reverse]: () =>
          jsonResponse({ city: 'Berlin', state: null, country: 'DE', label: 'Berlin, Deutschland' }),
      });
      const { onClose } = openDialog();
      fireEvent.click(screen.getByRole('button', { name: messages.location.useCurrentLocation }));
      await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
      expect(window.localStorage.getItem(SESSION_KEYS.userAddress)).toBe('Berlin, Deutschland');
    });

    it('falls back to the coordinates as text when the reverse look-up fails (docs/product.md §8)', async () => {
      stubPosition(30.2672, -97.7431);
      mockFetch({ [API.geo.reverse]: () => jsonResponse({ message: 'down' }, 503) });
      const { onClose } = openDialog();
      fireEvent.click(screen.getByRole('button', { name: messages.location.useCurrentLocation }));
      await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
      expect(window.localStorage.getItem(SESSION_KEYS.userAddress)).toBe('30.26720, -97.74310');
    });

    it('says "Location unavailable" when the device refuses', async () => {
      vi.stubGlobal('navigator', {
        ...navigator,
        geolocation: {
          getCurrentPosition: (_: PositionCallback, failure: PositionErrorCallback) =>
            failure({ code: 1, message: 'denied' } as GeolocationPositionError),
        },
      });
      const { onClose } = openDialog();
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: messages.location.useCurrentLocation }));
      });
      expect(screen.getByRole('alert').textContent).toBe(messages.location.unavailable);
      expect(onClose).not.toHaveBeenCalled();
    });
  });
});
