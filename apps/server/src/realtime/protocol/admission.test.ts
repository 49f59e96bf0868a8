import { describe, expect, it } from 'vitest';
import { createConnectionAdmission } from './admission.js';

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('connection admission', () => {
  it('lets one waiting connection in per turn of the event loop, in arrival order', async () => {
    const admission = createConnectionAdmission();
    const admitted: number[] = [];
    for (const n of [1, 2, 3]) void admission.admit().then(() => admitted.push(n));
    expect(admission.waiting).toBe(3);
    await Promise.resolve();
    expect(admitted).toEqual([]); // never in the turn that asked

    await turn();
    expect(admitted).toEqual([1]);
    await turn();
    expect(admitted).toEqual([1, 2]);
    await turn();
    expect(admitted).toEqual([1, 2, 3]);
    expect(admission.waiting).toBe(0);
  });

  it('runs the I/O of a turn before the next admission', async () => {
    const admission = createConnectionAdmission();
    const order: string[] = [];
    void admission.admit().then(() => order.push('first'));
    void admission.admit().then(() => order.push('second'));
    await turn();
    // A timer that is due stands for the sockets' pending work: it runs between the two admissions.
    setTimeout(() => order.push('timer'), 0);
    const due = performance.now() + 3;
    while (performance.now() < due); // the timer's millisecond passes before the loop turns
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(order).toEqual(['first', 'timer', 'second']);
  });

  it('starts again after the line has emptied', async () => {
    const admission = createConnectionAdmission();
    await admission.admit();
    await admission.admit();
    expect(admission.waiting).toBe(0);
  });
});
