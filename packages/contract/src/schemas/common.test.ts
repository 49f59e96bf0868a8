import { describe, expect, it } from 'vitest';
import { idParamsSchema } from './common.js';

describe('ids in paths and bodies', () => {
  it('refuses what is not a positive whole number with a sentence a person can read', () => {
    for (const id of ['abc', '0', '-3', '1.5', '']) {
      const result = idParamsSchema.safeParse({ id });
      expect(result.success, id).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Ids are positive whole numbers.');
    }
    expect(idParamsSchema.parse({ id: '42' })).toEqual({ id: 42 });
  });
});
