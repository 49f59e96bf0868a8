import { updateUserDetailsSchema, type Locale, type UpdateUserDetailsRequest } from '@rummage/contract';
import type { ChosenLocation } from '../location';

export interface EditProfileValues {
  userName: string;
  email: string;
  address: ChosenLocation | null;
  /** The saved language; null: the browser's languages decide. */
  language: Locale | null;
}
export type EditProfileErrors = Partial<Record<keyof EditProfileValues, string>>;

/** Coordinates belong to the address: without a chosen suggestion the address is what is missing. */
const FIELD_OF: Record<string, keyof EditProfileValues> = {
  userName: 'userName',
  email: 'email',
  address: 'address',
  latitude: 'address',
  longitude: 'address',
  language: 'language',
};

export type ProfileCheck =
  { ok: true; request: UpdateUserDetailsRequest } | { ok: false; errors: EditProfileErrors };

/**
 * Checks the form with the server's own schema (docs/product.md §5 edit-profile rules and messages), keeping the
 * first failing rule of each field, in the SPEC's order.
 */
export function checkProfile(userId: number, values: EditProfileValues): ProfileCheck {
  const result = updateUserDetailsSchema.safeParse({
    userId,
    userName: values.userName,
    email: values.email,
    address: values.address?.address ?? '',
    latitude: values.address?.latitude,
    longitude: values.address?.longitude,
    language: values.language,
  });
  if (result.success) return { ok: true, request: result.data };
  const errors: EditProfileErrors = {};
  for (const issue of result.error.issues) {
    const field = FIELD_OF[String(issue.path[0])];
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

/** Field errors the server named (`errors` of a 400/409 answer), on the form's own fields. */
export function serverFieldErrors(fieldErrors: Record<string, string>): EditProfileErrors {
  const errors: EditProfileErrors = {};
  for (const [name, message] of Object.entries(fieldErrors)) {
    const field = FIELD_OF[name];
    if (field && !errors[field]) errors[field] = message;
  }
  return errors;
}
