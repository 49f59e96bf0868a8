import { API, type CurrentUser, type Locale, type UpdateUserDetailsRequest } from '@rummage/contract';
import { apiFetch } from '../api/client';
import { browserTexts } from './i18n';

/**
 * The account's details with `language` as update-user-details takes them, from /api/Account/me; null when the
 * account has no address yet (the request needs one), so the choice can only be kept in this browser.
 */
function detailsWith(user: CurrentUser, language: Locale): UpdateUserDetailsRequest | null {
  if (!user.address || user.latitude === null || user.longitude === null) return null;
  return {
    userId: user.id,
    userName: user.username,
    email: user.email,
    address: user.address,
    latitude: user.latitude,
    longitude: user.longitude,
    language,
  };
}

/**
 * Saves `language` as the signed-in person's own (POST /api/User/update-user-details, their other details as
 * they are). False when their account cannot hold it yet (no address); throws when the server refuses.
 */
export async function saveLanguage(user: CurrentUser, language: Locale): Promise<boolean> {
  const body = detailsWith(user, language);
  if (!body) return false;
  await apiFetch(API.user.updateUserDetails, {
    method: 'POST',
    body,
    fallbackMessage: browserTexts().profile.languageSaveFailed,
  });
  return true;
}
