import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { updateUserDetailsSchema } from './user.js';

const P = messages.profile;
const details = {
  userName: 'alice',
  email: 'alice@example.com',
  address: 'Austin, TX',
  phoneNumber: '5125550199',
};
const emailError = (email: unknown) => {
  const parsed = updateUserDetailsSchema.safeParse({ ...details, email });
  return parsed.success ? undefined : parsed.error.issues.find((issue) => issue.path[0] === 'email')?.message;
};

describe('edit profile e-mail (docs/product.md §5)', () => {
  it('refuses spaces anywhere, the ends included, instead of trimming them away', () => {
    for (const email of [' alice@example.com', 'alice@example.com ', 'al ice@example.com']) {
      expect(emailError(email), JSON.stringify(email)).toBe(P.emailNoSpaces);
    }
  });

  it('asks for an e-mail when the field is empty or blank, and checks the address itself', () => {
    expect(emailError('')).toBe(P.emailRequired);
    expect(emailError('   ')).toBe(P.emailRequired);
    expect(emailError('not-an-email')).toBe(P.emailInvalid);
    expect(emailError('alice@example.com')).toBeUndefined();
  });
});
