import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RADIUS_MILES, PAGE_RENDERING, SESSION_KEYS } from '@rummage/contract';
import { flagSavedPlace, saveLocation, saveRadius } from '../../shared/session/storage';
import { useSavedLocation } from './useSavedLocation';

describe('useSavedLocation', () => {
  it('starts from storage with the default radius', () => {
    const { result } = renderHook(() => useSavedLocation());
    expect(result.current).toEqual({
      address: null,
      latitude: null,
      longitude: null,
      radiusMiles: DEFAULT_RADIUS_MILES,
    });
  });

  it('re-renders on location-updated and radius-updated, and keeps a stable object in between', () => {
    const { result, rerender } = renderHook(() => useSavedLocation());
    act(() => saveLocation('Austin, TX', 30.27, -97.74));
    expect(result.current).toMatchObject({ address: 'Austin, TX', latitude: 30.27, longitude: -97.74 });
    act(() => saveRadius(10));
    expect(result.current.radiusMiles).toBe(10);
    const before = result.current;
    rerender();
    expect(result.current).toBe(before);
  });

  it('follows changes made in another tab (storage event)', () => {
    const { result } = renderHook(() => useSavedLocation());
    act(() => {
      window.localStorage.setItem(SESSION_KEYS.userRadius, '50');
      window.dispatchEvent(new StorageEvent('storage', { key: SESSION_KEYS.userRadius, newValue: '50' }));
    });
    expect(result.current.radiusMiles).toBe(50);
  });

  it('tells the server a place is saved, without telling it where', () => {
    const flag = `${PAGE_RENDERING.savedPlaceCookie}=1`;
    document.cookie = `${PAGE_RENDERING.savedPlaceCookie}=; max-age=0; path=/`;
    flagSavedPlace();
    expect(document.cookie).not.toContain(flag);
    saveLocation('Austin, TX', 30.27, -97.74);
    expect(document.cookie.split('; ')).toContain(flag);
    expect(document.cookie).not.toMatch(/30\.27|Austin/);

    // A place saved before the flag existed gets it when the app starts.
    document.cookie = `${PAGE_RENDERING.savedPlaceCookie}=; max-age=0; path=/`;
    flagSavedPlace();
    expect(document.cookie.split('; ')).toContain(flag);
    document.cookie = `${PAGE_RENDERING.savedPlaceCookie}=; max-age=0; path=/`;
  });
});
