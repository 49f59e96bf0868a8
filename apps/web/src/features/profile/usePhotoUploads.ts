import { useEffect, useRef, useState } from 'react';
import { ALLOWED_IMAGE_TYPES, UPLOAD_MESSAGE_CLEAR_MS } from '@rummage/contract';
import { ApiError } from '../../shared/api/client';
import { uploadPhoto, type PhotoKind } from './api';
import { browserTexts } from '../../shared/i18n/i18n';
import { useTexts } from '../../shared/i18n/useTexts';

export interface UploadMessage {
  text: string;
  /**
   * docs/product.md §8: green for the texts that say "success" (an upload that worked), red otherwise. Told by the
   * outcome rather than by the words, which are not English on a page read in another language.
   */
  tone: 'success' | 'error';
}

/** A refusal the server explained (wrong type, too large) is worth showing; anything else gets the SPEC text. */
function failureText(kind: PhotoKind, error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401)
    return error.message;
  const P = browserTexts().profile;
  return kind === 'profile' ? P.profilePhotoFailed : P.coverPhotoFailed;
}

/**
 * The own profile's photo and cover uploads (docs/product.md §5, §8): the profile photo must be JPG, JPEG or PNG
 * (checked here; the cover is checked by the server only, as the SPEC shows), one upload at a time,
 * and each outcome is shown for UPLOAD_MESSAGE_CLEAR_MS.
 */
export function usePhotoUploads({
  userId,
  onUploaded,
}: {
  userId: number | null;
  onUploaded: (kind: PhotoKind, imageUrl: string) => void;
}) {
  const P = useTexts().profile;
  const [message, setMessage] = useState<UploadMessage | null>(null);
  const [busy, setBusy] = useState<PhotoKind | null>(null);
  const busyRef = useRef(false);
  const clearTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(clearTimer.current), []);

  function show(text: string, tone: UploadMessage['tone'] = 'error') {
    clearTimeout(clearTimer.current);
    setMessage({ text, tone });
    clearTimer.current = setTimeout(() => setMessage(null), UPLOAD_MESSAGE_CLEAR_MS);
  }

  async function upload(kind: PhotoKind, file: File | undefined) {
    if (busyRef.current) return;
    if (userId === null || !file) {
      show(P.missingUpload);
      return;
    }
    if (kind === 'profile' && !(ALLOWED_IMAGE_TYPES as readonly string[]).includes(file.type)) {
      show(P.profilePhotoType);
      return;
    }
    busyRef.current = true;
    setBusy(kind);
    try {
      const imageUrl = await uploadPhoto(kind, userId, file);
      onUploaded(kind, imageUrl);
      show(kind === 'profile' ? P.profilePhotoUpdated : P.coverPhotoUpdated, 'success');
    } catch (error) {
      console.error(`Could not upload the ${kind} photo`, error);
      show(failureText(kind, error));
    } finally {
      busyRef.current = false;
      setBusy(null);
    }
  }

  return { message, busy, upload };
}
