import { describe, expect, it } from 'vitest';
import { messages } from '@rummage/contract';
import { dealsDoneText, ratingsCountText, replyTimeText } from './reputation';

const R = messages.reviews;

describe('how quickly someone usually replies', () => {
  it('says nothing without enough answered chats', () => {
    expect(replyTimeText(null, R)).toBeNull();
  });

  it('says within an hour up to 60 minutes, then whole hours rounded up to 12', () => {
    expect(replyTimeText(0, R)).toBe(R.repliesWithinHour);
    expect(replyTimeText(60, R)).toBe(R.repliesWithinHour);
    expect(replyTimeText(61, R)).toBe('Usually replies within 2 hours');
    expect(replyTimeText(299, R)).toBe('Usually replies within 5 hours');
    expect(replyTimeText(12 * 60, R)).toBe('Usually replies within 12 hours');
  });

  it('says within a day up to 24 hours, and a few days beyond', () => {
    expect(replyTimeText(12 * 60 + 1, R)).toBe(R.repliesWithinDay);
    expect(replyTimeText(24 * 60, R)).toBe(R.repliesWithinDay);
    expect(replyTimeText(24 * 60 + 1, R)).toBe(R.repliesSlowly);
    expect(replyTimeText(7 * 24 * 60, R)).toBe(R.repliesSlowly);
  });
});

describe('counts', () => {
  it('says one or many ratings and deals', () => {
    expect(ratingsCountText(1, R)).toBe('1 rating');
    expect(ratingsCountText(3, R)).toBe('3 ratings');
    expect(dealsDoneText(1, R)).toBe('1 deal done');
    expect(dealsDoneText(12, R)).toBe('12 deals done');
  });
});
