import { describe, expect, it } from 'vitest';
import {
  fieldErrors,
  loginRequestSchema,
  messages,
  normalizePhoneNumber,
  passwordResetRequestSchema,
  registerRequestSchema,
  resetPasswordSchema,
} from '../index.js';

const valid = {
  userName: 'thrifty42',
  email: 'thrifty@example.com',
  password: 'Secret1!',
  phoneNumber: '(415) 555-2671',
  latitude: 41.88,
  longitude: -87.63,
  acceptTerms: true as const,
};

function registerErrors(overrides: Record<string, unknown>): Record<string, string> {
  const result = registerRequestSchema.safeParse({ ...valid, ...overrides });
  expect(result.success).toBe(false);
  return result.success ? {} : fieldErrors(result.error);
}

describe('registration rules (docs/product.md §5)', () => {
  it('accepts a complete, valid registration', () => {
    expect(registerRequestSchema.safeParse(valid).success).toBe(true);
  });

  it('requires a username', () => {
    expect(registerErrors({ userName: '' }).userName).toBe('Username is required.');
    expect(registerErrors({ userName: '   ' }).userName).toBe('Username is required.');
    expect(registerErrors({ userName: undefined }).userName).toBe('Username is required.');
  });

  it('allows letters and numbers only in the username', () => {
    for (const userName of ['thrift y', 'thrifty!', 'thrifty_42', 'ünïcode']) {
      expect(registerErrors({ userName }).userName).toBe('Username can only contain letters and numbers.');
    }
  });

  it('requires a location', () => {
    expect(registerErrors({ latitude: undefined }).latitude).toBe('Location is required.');
    expect(registerErrors({ longitude: undefined }).longitude).toBe('Location is required.');
  });

  it('requires a valid email', () => {
    for (const email of ['', 'nope', 'a@', '@b.com', 'a b@c.com']) {
      expect(registerErrors({ email }).email).toBe('Please enter a valid email.');
    }
  });

  it('requires 6+ characters with an uppercase letter, a number and a non-alphanumeric character', () => {
    const rule = messages.register.passwordRule;
    expect(rule).toBe(
      'Password must be at least 6 characters and contain an uppercase letter, a number and one non alphanumeric character.',
    );
    for (const password of ['Se1!', 'secret1!', 'Secret!!', 'Secret11', '']) {
      expect(registerErrors({ password }).password).toBe(rule);
    }
    expect(registerRequestSchema.safeParse({ ...valid, password: 'Ab1!xy' }).success).toBe(true);
  });

  it('requires a phone number of at least 10 characters that can be a phone number', () => {
    expect(registerErrors({ phoneNumber: '' }).phoneNumber).toBe('Phone number is required.');
    expect(registerErrors({ phoneNumber: '415555' }).phoneNumber).toBe('Please enter a valid phone number.');
    expect(registerErrors({ phoneNumber: 'call me maybe' }).phoneNumber).toBe(
      'Please enter a valid phone number.',
    );
    for (const phoneNumber of ['415 555 2671 999', '1234567890ab', 'call me 4155552671 now']) {
      expect(registerErrors({ phoneNumber }).phoneNumber).toBe('Please enter a valid phone number.');
    }
    expect(registerRequestSchema.safeParse({ ...valid, phoneNumber: '555-123-4567' }).success).toBe(true);
  });

  it('refuses terms sent unticked, and accepts the SPEC client, whose form checks the box and sends no field', () => {
    expect(registerErrors({ acceptTerms: false }).acceptTerms).toBe(
      'You must accept the terms and conditions.',
    );
    const { acceptTerms: _ticked, ...specClient } = valid;
    expect(registerRequestSchema.safeParse(specClient).success).toBe(true);
  });

  it('reports every failing field at once, so a form can mark them all', () => {
    const errors = registerErrors({
      userName: '',
      email: 'x',
      password: 'x',
      phoneNumber: '',
      acceptTerms: false,
    });
    expect(Object.keys(errors).sort()).toEqual([
      'acceptTerms',
      'email',
      'password',
      'phoneNumber',
      'userName',
    ]);
  });

  it('normalises US phone numbers to E.164', () => {
    expect(normalizePhoneNumber('(415) 555-2671')).toBe('+14155552671');
    expect(normalizePhoneNumber('+44 20 7946 0958')).toBe('+442079460958');
    expect(normalizePhoneNumber('123')).toBeUndefined();
    // Ten US digits are enough, as the SPEC's 10-character rule says, even in ranges nobody is assigned.
    expect(normalizePhoneNumber('555-123-4567')).toBe('+15551234567');
    expect(normalizePhoneNumber('phone number')).toBeUndefined();
    // An installation in Germany reads a number without +49 as German; one with a country code stays as written.
    expect(normalizePhoneNumber('030 901820', 'DE')).toBe('+4930901820');
    expect(normalizePhoneNumber('+1 415 555 2671', 'DE')).toBe('+14155552671');
  });
});

describe('login rules (docs/product.md §5)', () => {
  it('needs a username of 3+ characters after trimming and a password of 6+', () => {
    const message = 'Please fill all the fields properly';
    const bad = [
      { userName: '  ab  ', password: 'secret' },
      { userName: 'abc', password: '12345' },
      { userName: '', password: '' },
    ];
    for (const input of bad) {
      const result = loginRequestSchema.safeParse(input);
      expect(result.success).toBe(false);
      if (!result.success) expect(result.error.issues[0]?.message).toBe(message);
    }
    expect(loginRequestSchema.parse({ userName: '  abc ', password: 'secret' }).userName).toBe('abc');
  });
});

describe('password reset rules (docs/product.md §5)', () => {
  it('needs a valid email address', () => {
    const result = passwordResetRequestSchema.safeParse({ email: 'not-an-email' });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.issues[0]?.message).toBe('Please enter a valid email address');
    expect(passwordResetRequestSchema.parse({ email: ' me@example.com ' }).email).toBe('me@example.com');
  });

  it('applies the registration password rule to the new password', () => {
    expect(resetPasswordSchema.safeParse({ token: 't', password: 'weak' }).success).toBe(false);
    expect(resetPasswordSchema.safeParse({ token: '', password: 'Strong1!' }).success).toBe(false);
    expect(resetPasswordSchema.safeParse({ token: 'abc', password: 'Strong1!' }).success).toBe(true);
  });
});
