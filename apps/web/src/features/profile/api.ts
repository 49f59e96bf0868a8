import { useQuery } from '@tanstack/react-query';
import {
  API,
  apiPath,
  type MessageBody,
  type ProfileDetails,
  type ProfileDetailsResponse,
  type UpdateUserDetailsRequest,
  type UploadPhotoResponse,
} from '@rummage/contract';
import { apiFetch } from '../../shared/api/client';
import { apiUpload } from '../../shared/api/upload';
import { followKeys } from '../follow';
import { browserTexts } from '../../shared/i18n/i18n';

export const profileKeys = { detail: followKeys.profile };

/** GET /api/User/profile-details/{userId}. */
export function useProfileDetails(userId: number | null) {
  return useQuery({
    queryKey: profileKeys.detail(userId ?? 0),
    queryFn: ({ signal }) =>
      apiFetch<ProfileDetailsResponse>(apiPath(API.user.profileDetails, { userId: userId ?? 0 }), {
        signal,
      }).then((body) => body.data),
    enabled: userId !== null,
    retry: false,
    // Counts and photos change from other pages (follows, uploads, sales): show them fresh on each visit.
    staleTime: 0,
  });
}

export type PhotoKind = 'profile' | 'cover';

/** POST /api/User/upload-profile-photo or /upload-cover-photo (multipart UserId, ImageFile); the new path. */
export async function uploadPhoto(kind: PhotoKind, userId: number, file: File): Promise<string> {
  const form = new FormData();
  form.append('UserId', String(userId));
  form.append('ImageFile', file);
  const answer = await apiUpload<Partial<UploadPhotoResponse>>(
    kind === 'profile' ? API.user.uploadProfilePhoto : API.user.uploadCoverPhoto,
    {
      form,
      fallbackMessage:
        kind === 'profile'
          ? browserTexts().profile.profilePhotoFailed
          : browserTexts().profile.coverPhotoFailed,
    },
  );
  const url = answer?.imageUrl ?? answer?.data?.imageUrl;
  if (!url) throw new Error('The upload answer carried no imageUrl');
  return url;
}

/** POST /api/User/update-user-details; the saved profile. */
export function updateUserDetails(request: UpdateUserDetailsRequest): Promise<ProfileDetails> {
  return apiFetch<{ message: string; data: ProfileDetails }>(API.user.updateUserDetails, {
    method: 'POST',
    body: request,
    fallbackMessage: browserTexts().profile.updateFailed,
  }).then((body) => body.data);
}

/** POST /api/Account/resend-verification (signed in): the server's message (link sent, already verified, …). */
export function resendVerification(): Promise<MessageBody> {
  return apiFetch<MessageBody>(API.account.resendVerification, { method: 'POST' });
}
