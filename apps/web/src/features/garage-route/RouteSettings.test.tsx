import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { messages, type DistanceUnit } from '@rummage/contract';
import {
  RouteSettings,
  convertSpeedInput,
  settingsErrors,
  speedKmh,
  speedScale,
  type RouteSettingsValues,
} from './RouteSettings';

const T = messages.garageRoute;
const START = new Date(2031, 5, 14, 8, 30);
const typed = (speedInput: string): RouteSettingsValues => ({
  startInput: '2031-06-14T08:30',
  minutesInput: '15',
  speedInput,
});

function renderSettings(unit: DistanceUnit, speedInput: string) {
  const values = typed(speedInput);
  const changes: RouteSettingsValues[] = [];
  render(
    <RouteSettings
      values={values}
      errors={settingsErrors(values, START, T, unit)}
      onChange={(next) => changes.push(next)}
      savedAddress="Springfield, IL"
      firstStopName={null}
      unit={unit}
    />,
  );
  return changes;
}

describe('the route settings’ speed', () => {
  it('is typed in mph where the installation measures in miles, as it always has', () => {
    const changes = renderSettings('mi', '25');
    const field = screen.getByLabelText('Average speed (mph)') as HTMLInputElement;
    expect(field.value).toBe('25');
    expect(field.max).toBe('100');
    expect(
      screen.getByText('About 40 km/h. Travel time assumes roads are 1.3× the straight-line distance.'),
    ).toBeTruthy();
    fireEvent.input(field, { target: { value: '30' } });
    expect(changes.at(-1)?.speedInput).toBe('30');
    expect(speedScale('mi')).toEqual({ defaultSpeed: 25, maxSpeed: 100 });
  });

  it('is typed in km/h where the installation measures in kilometres', () => {
    renderSettings('km', '40');
    const field = screen.getByLabelText('Average speed (km/h)') as HTMLInputElement;
    expect(field.value).toBe('40');
    expect(field.max).toBe('161');
    expect(screen.getByText('Travel time assumes roads are 1.3× the straight-line distance.')).toBeTruthy();
    expect(screen.queryByText(/mph/)).toBeNull();
    expect(speedScale('km')).toEqual({ defaultSpeed: 40, maxSpeed: 161 });
  });

  it('is checked against the unit’s bounds and says them in it', () => {
    expect(settingsErrors(typed('100'), START, T, 'mi')).toEqual({});
    expect(settingsErrors(typed('101'), START, T, 'mi').speedInput).toBe(
      'Enter a speed between 1 and 100 mph.',
    );
    expect(settingsErrors(typed('0'), START, T, 'mi').speedInput).toBe(
      'Enter a speed between 1 and 100 mph.',
    );
    expect(settingsErrors(typed('161'), START, T, 'km')).toEqual({});
    expect(settingsErrors(typed('162'), START, T, 'km').speedInput).toBe(
      'Enter a speed between 1 and 161 km/h.',
    );
    expect(settingsErrors(typed(''), START, T, 'km').speedInput).toBe(
      'Enter a speed between 1 and 161 km/h.',
    );
  });

  it('shows the error under the field', () => {
    renderSettings('km', '0');
    expect(screen.getByText('Enter a speed between 1 and 161 km/h.')).toBeTruthy();
  });

  it('reaches the planner in km/h either way', () => {
    expect(speedKmh(40, 'km')).toBe(40);
    expect(speedKmh(25, 'mi')).toBeCloseTo(40.23, 2);
  });

  it('follows the installation’s unit when it arrives: the default stays the default, a number is converted', () => {
    expect(convertSpeedInput('25', 'mi', 'km')).toBe('40');
    expect(convertSpeedInput('40', 'km', 'mi')).toBe('25');
    expect(convertSpeedInput('30', 'mi', 'km')).toBe('48');
    expect(convertSpeedInput('50', 'km', 'mi')).toBe('31');
    expect(convertSpeedInput('30', 'km', 'km')).toBe('30');
    expect(convertSpeedInput('', 'mi', 'km')).toBe('');
    expect(convertSpeedInput('abc', 'mi', 'km')).toBe('abc');
  });
});
