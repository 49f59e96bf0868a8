import { USERNAME_PATTERN, messages } from '@rummage/contract';
import type { ChosenLocation } from '../location/LocationField';

export interface EditProfileValues {
  userName: string;
  email: string;
  address: ChosenLocation | null;
}
export type EditProfileErrors = Partial<Record<keyof EditProfileValues, string>>;

/** A plain shape check; the server applies the full rule. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** SPEC §5 "Edit profile" rules and messages, first failing rule per field. */
export function validateProfile(values: EditProfileValues): EditProfileErrors {
  const errors: EditProfileErrors = {};
  const userName = values.userName.trim();
  if (!userName) errors.userName = messages.profile.usernameRequired;
  else if (!USERNAME_PATTERN.test(userName)) errors.userName = messages.profile.usernameChars;
  const email = values.email.trim();
  if (!email) errors.email = messages.profile.emailRequired;
  else if (/\s/.test(email)) errors.email = messages.profile.emailNoSpaces;
  else if (!EMAIL_SHAPE.test(email)) errors.email = messages.profile.emailInvalid;
  if (!values.address?.address.trim()) errors.address = messages.profile.addressRequired;
  return errors;
}
