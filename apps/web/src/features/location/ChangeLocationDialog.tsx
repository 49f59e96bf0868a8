import { useEffect, useId, useRef, useState, type FormEvent, type JSX } from 'react';
import {
  API,
  SUGGESTION_LIMIT,
  kmToMiles,
  milesToKm,
  type Locale,
  type ReverseGeocode,
} from '@rummage/contract';
import { useInstallationConfig } from '../../shared/config/useAppConfig';
import { apiFetch } from '../../shared/api/client';
import { readSavedLocation, saveLocation, saveRadius } from '../../shared/session/storage';
import { Dialog } from '../../shared/ui/Dialog';
import { LocationField, type ChosenLocation } from './LocationField';
import { useLocale, useTexts } from '../../shared/i18n/useTexts';

/** Stop waiting for the device after this long; a stuck permission prompt should not hang the button. */
const GEOLOCATION_TIMEOUT_MS = 15_000;

/**
 * The reverse look-up's label ("City, ST", or "City, Country" abroad, in the page's language); docs/product.md §8
 * falls back to the coordinates as text when it fails.
 */
async function addressFor(
  latitude: number,
  longitude: number,
  language: Locale,
  signal: AbortSignal,
): Promise<string> {
  const coordinates = `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`;
  try {
    const place = await apiFetch<ReverseGeocode>(API.geo.reverse, {
      query: { lat: latitude, lng: longitude },
      signal,
      language,
    });
    return place?.label ?? coordinates;
  } catch {
    return coordinates;
  }
}

interface DialogProps {
  open: boolean;
  onClose(): void;
}

/** "Change Location": sets the saved place or radius for the home and marketplace feeds (docs/product.md §2, §4). */
export function ChangeLocationDialog({ open, onClose }: DialogProps): JSX.Element | null {
  if (!open || typeof document === 'undefined') return null;
  // Mounting the body only while open means every opening starts from the saved values.
  return <DialogBody onClose={onClose} />;
}

function DialogBody({ onClose }: { onClose(): void }): JSX.Element {
  const texts = useTexts();
  const locale = useLocale();
  const radiusId = useId();
  const radiusErrorId = useId();
  const cityId = useId();
  // Focus starts on the radius rather than the close button: changing a value is why the dialog opened.
  const radiusRef = useRef<HTMLInputElement>(null);
  const saved = readSavedLocation();
  // The radius is kept in miles; where DISTANCE_UNIT=km it is shown and typed in whole kilometres.
  const inKm = useInstallationConfig().distanceUnit === 'km';
  const [radius, setRadius] = useState(
    String(inKm ? Math.round(milesToKm(saved.radiusMiles)) : saved.radiusMiles),
  );
  const [radiusError, setRadiusError] = useState<string | null>(null);
  const [city, setCity] = useState<ChosenLocation | null>(null);
  const [locating, setLocating] = useState(false);
  const [geoError, setGeoError] = useState<string | null>(null);
  const geoAbort = useRef<AbortController | null>(null);

  // A look-up still running when the dialog closes must not save anything.
  useEffect(() => () => geoAbort.current?.abort(), []);

  function handleRadiusSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = Number(radius.trim());
    if (radius.trim() === '' || !Number.isFinite(typed) || typed <= 0) {
      setRadiusError(inKm ? texts.location.radiusInvalidKm : texts.location.radiusInvalid);
      return;
    }
    saveRadius(inKm ? kmToMiles(typed) : typed);
    onClose();
  }

  function handleCityChange(next: ChosenLocation | null) {
    setCity(next);
    if (!next) return;
    saveLocation(next.address, next.latitude, next.longitude);
    onClose();
  }

  function handleUseCurrentLocation() {
    if (!('geolocation' in navigator) || !navigator.geolocation) {
      setGeoError(texts.location.unavailable);
      return;
    }
    geoAbort.current?.abort();
    const controller = new AbortController();
    geoAbort.current = controller;
    setGeoError(null);
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const { latitude, longitude } = position.coords;
        void addressFor(latitude, longitude, locale, controller.signal).then((address) => {
          // The dialog may have been closed while we waited; a late answer must not change anything.
          if (controller.signal.aborted) return;
          saveLocation(address, latitude, longitude);
          onClose();
        });
      },
      () => {
        if (controller.signal.aborted) return;
        setLocating(false);
        setGeoError(texts.location.unavailable);
      },
      { timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 10 * 60 * 1000 },
    );
  }

  return (
    <Dialog
      title={texts.location.dialogTitle}
      closeLabel={texts.location.close}
      onClose={onClose}
      initialFocusRef={radiusRef}
    >
      {saved.address && (
        <p className="mb-4 text-sm text-stone-600">
          {texts.location.currentlySet} <span className="font-medium text-stone-800">{saved.address}</span>
        </p>
      )}

      <form noValidate onSubmit={handleRadiusSubmit} className="mb-6">
        <label htmlFor={radiusId} className="mb-1 block text-sm font-medium text-stone-700">
          {inKm ? texts.location.radiusLabelKm : texts.location.radiusLabel}
        </label>
        <div className="flex gap-2">
          <input
            ref={radiusRef}
            id={radiusId}
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            value={radius}
            onChange={(event) => {
              setRadius(event.target.value);
              setRadiusError(null);
            }}
            aria-invalid={radiusError ? true : undefined}
            aria-describedby={radiusError ? radiusErrorId : undefined}
            className={`min-w-0 flex-1 rounded-lg border px-3 py-2 text-stone-900 focus:border-brand ${
              radiusError ? 'border-red-600' : 'border-stone-300'
            }`}
          />
          <button
            type="submit"
            className="rounded-lg bg-brand px-4 py-2 font-medium text-white hover:bg-brand-700"
          >
            {texts.location.updateRadius}
          </button>
        </div>
        {radiusError && (
          <p id={radiusErrorId} role="alert" className="mt-1 text-sm text-red-700">
            {radiusError}
          </p>
        )}
      </form>

      <LocationField
        id={cityId}
        placeholder={texts.location.cityPlaceholder}
        limit={SUGGESTION_LIMIT.locationDialog}
        value={city}
        onChange={handleCityChange}
      />

      <button
        type="button"
        onClick={handleUseCurrentLocation}
        disabled={locating}
        className="mt-4 text-sm font-medium text-brand underline underline-offset-2 hover:no-underline disabled:cursor-wait disabled:opacity-70"
      >
        {locating ? texts.location.locating : texts.location.useCurrentLocation}
      </button>
      {geoError && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {geoError}
        </p>
      )}
    </Dialog>
  );
}
