import { useState } from 'react';
import { MILES_TO_KM, fillText, type Catalogue, type DistanceUnit } from '@rummage/contract';
import { TextField } from '../../shared/ui/TextField';
import { ChangeLocationDialog } from '../location';
import { DEFAULT_ROAD_FACTOR } from './planner';
import { useTexts } from '../../shared/i18n/useTexts';

export const MAX_MINUTES_PER_STOP = 240;
export const MAX_SPEED_MPH = 100;
/** 25 mph ≈ 40 km/h: a town average once lights, turns and parking are counted. */
export const DEFAULT_SPEED_MPH = 25;
/** Where distances are in kilometres the speed is typed in km/h: the same bounds, in whole km/h (161, 40). */
export const MAX_SPEED_KMH = Math.round(MAX_SPEED_MPH * MILES_TO_KM);
export const DEFAULT_SPEED_KMH = 40;
export const DEFAULT_MINUTES_PER_STOP = 15;

/** The speed field's default and upper bound in the unit it is typed in: mph, or km/h where DISTANCE_UNIT=km. */
export function speedScale(unit: DistanceUnit): { defaultSpeed: number; maxSpeed: number } {
  return unit === 'km'
    ? { defaultSpeed: DEFAULT_SPEED_KMH, maxSpeed: MAX_SPEED_KMH }
    : { defaultSpeed: DEFAULT_SPEED_MPH, maxSpeed: MAX_SPEED_MPH };
}

/** A typed speed in km/h, the planner's unit. */
export function speedKmh(speed: number, unit: DistanceUnit): number {
  return unit === 'km' ? speed : speed * MILES_TO_KM;
}

/**
 * The speed field's text carried over to another unit (the installation's arrives after the first paint): the
 * default becomes the other unit's default, another number the nearest whole one, anything else stays as typed.
 */
export function convertSpeedInput(input: string, from: DistanceUnit, to: DistanceUnit): string {
  const toKm = to === 'km';
  if ((from === 'km') === toKm) return input;
  const typed = input.trim();
  if (typed === String(speedScale(from).defaultSpeed)) return String(speedScale(to).defaultSpeed);
  const speed = Number(typed);
  if (typed === '' || !Number.isFinite(speed)) return input;
  return String(Math.round(toKm ? speed * MILES_TO_KM : speed / MILES_TO_KM));
}

export interface RouteSettingsValues {
  startInput: string;
  minutesInput: string;
  speedInput: string;
}

export interface RouteSettingsErrors {
  startInput?: string;
  minutesInput?: string;
  speedInput?: string;
}

/** Checks the three fields; the plan waits until all of them read as numbers in range (the speed in `unit`'s). */
export function settingsErrors(
  values: RouteSettingsValues,
  startTime: Date | null,
  texts: Catalogue['garageRoute'],
  unit: DistanceUnit,
): RouteSettingsErrors {
  const errors: RouteSettingsErrors = {};
  const minutes = Number(values.minutesInput);
  const speed = Number(values.speedInput);
  const { maxSpeed } = speedScale(unit);
  if (!startTime) errors.startInput = texts.invalidStartTime;
  if (values.minutesInput.trim() === '' || !(minutes >= 0 && minutes <= MAX_MINUTES_PER_STOP)) {
    errors.minutesInput = fillText(texts.invalidMinutes, { max: MAX_MINUTES_PER_STOP });
  }
  if (values.speedInput.trim() === '' || !(speed >= 1 && speed <= maxSpeed)) {
    errors.speedInput = fillText(unit === 'km' ? texts.invalidSpeedKmh : texts.invalidSpeed, {
      max: maxSpeed,
    });
  }
  return errors;
}

/** Where the trip starts, when, how long at each sale and how fast between them (in mph, or km/h by `unit`). */
export function RouteSettings({
  values,
  errors,
  onChange,
  savedAddress,
  firstStopName,
  unit,
}: {
  values: RouteSettingsValues;
  errors: RouteSettingsErrors;
  onChange(values: RouteSettingsValues): void;
  /** Null when no location is saved: the route then starts at the first picked sale. */
  savedAddress: string | null;
  firstStopName: string | null;
  /** The installation's DISTANCE_UNIT: the speed is typed in mph with `mi`, in km/h with `km`. */
  unit: DistanceUnit;
}) {
  const texts = useTexts();
  const [dialogOpen, setDialogOpen] = useState(false);
  const speed = Number(values.speedInput);
  const inKm = unit === 'km';
  const set = (key: keyof RouteSettingsValues) => (event: { target: { value: string } }) =>
    onChange({ ...values, [key]: event.target.value });

  return (
    <section aria-labelledby="route-settings-heading" className="card flex flex-col gap-4 p-4">
      <h2 id="route-settings-heading" className="text-lg font-bold text-stone-900">
        {texts.garageRoute.settingsHeading}
      </h2>
      <div>
        <h3 className="field-label">{texts.garageRoute.startingPoint}</h3>
        <p className="text-stone-700">
          {savedAddress !== null
            ? fillText(texts.garageRoute.startFromSaved, {
                address: savedAddress || texts.garageRoute.savedLocationFallback,
              })
            : fillText(texts.garageRoute.noSavedLocation, { name: firstStopName ?? '' })}
        </p>
        <button
          type="button"
          className="btn btn-outline mt-2"
          aria-haspopup="dialog"
          onClick={() => setDialogOpen(true)}
        >
          {savedAddress !== null ? texts.garageRoute.changeLocation : texts.garageRoute.setLocation}
        </button>
        <ChangeLocationDialog open={dialogOpen} onClose={() => setDialogOpen(false)} />
      </div>
      <TextField
        id="route-start-time"
        label={texts.garageRoute.startTime}
        type="datetime-local"
        value={values.startInput}
        onChange={set('startInput')}
        error={errors.startInput}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="route-minutes-per-stop"
          label={texts.garageRoute.minutesPerStop}
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_MINUTES_PER_STOP}
          step={5}
          value={values.minutesInput}
          onChange={set('minutesInput')}
          error={errors.minutesInput}
        />
        <div>
          <TextField
            id="route-speed"
            label={inKm ? texts.garageRoute.averageSpeedKmh : texts.garageRoute.averageSpeed}
            type="number"
            inputMode="numeric"
            min={1}
            max={speedScale(unit).maxSpeed}
            value={values.speedInput}
            onChange={set('speedInput')}
            error={errors.speedInput}
            aria-describedby={errors.speedInput ? 'route-speed-error route-speed-hint' : 'route-speed-hint'}
          />
          <p id="route-speed-hint" className="mt-1 text-xs text-stone-600">
            {inKm
              ? fillText(texts.garageRoute.roadFactorHint, { factor: DEFAULT_ROAD_FACTOR })
              : fillText(texts.garageRoute.speedHint, {
                  kmh: Number.isFinite(speed) ? Math.round(speedKmh(speed, unit)) : '–',
                  factor: DEFAULT_ROAD_FACTOR,
                })}
          </p>
        </div>
      </div>
    </section>
  );
}
