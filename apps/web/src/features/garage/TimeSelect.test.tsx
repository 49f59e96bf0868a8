import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { loadLanguage } from '../../shared/i18n/catalogues';
import { LanguageContext } from '../../shared/i18n/useTexts';
import { TimeSelect } from './TimeSelect';

describe('the time picker', () => {
  it('offers the 12-hour clock with AM and PM in English', () => {
    const onChange = vi.fn();
    render(<TimeSelect id="start" label="Start" value="14:30" onChange={onChange} />);
    const hour = screen.getByLabelText('Start hour') as HTMLSelectElement;
    expect(hour.value).toBe('2');
    expect(hour.options).toHaveLength(12);
    expect((screen.getByLabelText('Start AM or PM') as HTMLSelectElement).value).toBe('PM');
    fireEvent.change(hour, { target: { value: '9' } });
    expect(onChange).toHaveBeenCalledWith('21:30');
  });

  it('runs to 24 hours without AM or PM for a German reader', async () => {
    const onChange = vi.fn();
    render(
      <LanguageContext.Provider value={await loadLanguage('de')}>
        <TimeSelect id="start" label="Beginn" value="14:30" onChange={onChange} />
      </LanguageContext.Provider>,
    );
    const hour = screen.getByRole('combobox', { name: /Stunde/ }) as HTMLSelectElement;
    expect(hour.value).toBe('14');
    expect([...hour.options].map((option) => option.text)).toEqual(
      Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0')),
    );
    expect(screen.getAllByRole('combobox')).toHaveLength(2);
    fireEvent.change(hour, { target: { value: '9' } });
    expect(onChange).toHaveBeenCalledWith('09:30');
    fireEvent.change(screen.getByRole('combobox', { name: /Minute/ }), { target: { value: '45' } });
    expect(onChange).toHaveBeenLastCalledWith('14:45');
  });
});
