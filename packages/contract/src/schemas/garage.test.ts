import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import {
  endsBeforeStart,
  GARAGE_ITEMS,
  garageFormProblem,
  garageSaleCreateSchema,
  isGarageDate,
  joinGarageItems,
  normalizeGarageTime,
  parseGarageItems,
  startsBeforeToday,
} from './garage.js';

const G = messages.garage;
const FILL = messages.common.fillFieldsProperly;

const valid = {
  title: 'Chicago, IL',
  latitude: 41.88,
  longitude: -87.63,
  items: 'Furniture, Toys',
  startDate: '2027-05-01',
  endDate: '2027-05-01',
  startTime: '12:00:00',
  endTime: '16:00:00',
};

describe('garage rules shared by the browser and the server', () => {
  it('has a fixed list of everyday items', () => {
    expect(GARAGE_ITEMS).toHaveLength(15);
    expect(GARAGE_ITEMS).toContain('Sports gear');
  });

  it('reads dates and times strictly', () => {
    expect(isGarageDate('2027-02-28')).toBe(true);
    expect(isGarageDate('2028-02-29')).toBe(true);
    expect(isGarageDate('2027-02-29')).toBe(false);
    expect(isGarageDate('0050-01-01')).toBe(false);
    expect(isGarageDate('2027-5-1')).toBe(false);
    expect(normalizeGarageTime('09:05')).toBe('09:05:00');
    expect(normalizeGarageTime('23:59:59')).toBe('23:59:59');
    expect(normalizeGarageTime('24:00')).toBeUndefined();
    expect(normalizeGarageTime('9:05')).toBeUndefined();
  });

  it('parses "A, B" items to their canonical names, dropping blanks and repeats', () => {
    expect(parseGarageItems('furniture, ,Toys, toys')).toEqual({ items: ['Furniture', 'Toys'], unknown: [] });
    expect(parseGarageItems(['Books', 'Rockets'])).toEqual({ items: ['Books'], unknown: ['Rockets'] });
    expect(joinGarageItems(['Furniture', 'Toys'])).toBe('Furniture, Toys');
  });

  it('applies docs/product.md §5: end before start, same day end not after start', () => {
    expect(endsBeforeStart({ ...valid, endDate: '2027-04-30' })).toBe(true);
    expect(endsBeforeStart({ ...valid, endTime: '12:00' })).toBe(true);
    expect(endsBeforeStart({ ...valid, endTime: '11:55:00' })).toBe(true);
    expect(endsBeforeStart({ ...valid, endDate: '2027-05-02', endTime: '08:00:00' })).toBe(false);
    expect(endsBeforeStart(valid)).toBe(false);
    expect(startsBeforeToday('2027-04-30', '2027-05-01')).toBe(true);
    expect(startsBeforeToday('2027-05-01', '2027-05-01')).toBe(false);
  });

  it('answers the first complaint in the order the server uses', () => {
    expect(garageFormProblem(valid)).toBeNull();
    expect(garageFormProblem({ ...valid, title: '  ' })).toBe(FILL);
    expect(garageFormProblem({ ...valid, latitude: null })).toBe(FILL);
    expect(garageFormProblem({ ...valid, items: [] })).toBe(FILL);
    expect(garageFormProblem({ ...valid, items: 'Rockets' })).toBe(G.itemsInvalid);
    expect(garageFormProblem({ ...valid, items: 'Rockets', startTime: '' })).toBe(FILL);
    expect(garageFormProblem({ ...valid, endTime: '11:00' })).toBe(G.endBeforeStart);
  });

  it('parses the create payload to a list of items and HH:mm:ss times', () => {
    expect(garageSaleCreateSchema.parse({ ...valid, startTime: '12:00', items: 'toys' })).toEqual({
      ...valid,
      items: ['Toys'],
    });
    const refused = garageSaleCreateSchema.safeParse({ ...valid, endTime: '' });
    expect(refused.error?.issues[0]?.message).toBe(FILL);
  });
});
