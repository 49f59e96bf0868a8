import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ROUTES, SUGGESTION_LIMIT, type Locale, type ProfileDetails } from '@rummage/contract';
import { ApiError } from '../../shared/api/client';
import { useSession } from '../../shared/session/SessionContext';
import { ME_QUERY_KEY } from '../../shared/session/SessionProvider';
import { readSession, writeSession } from '../../shared/session/storage';
import { Banner } from '../../shared/ui/Banner';
import { FormSheet } from '../../shared/ui/FormSheet';
import { Spinner } from '../../shared/ui/Spinner';
import { FieldError, TextField } from '../../shared/ui/TextField';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle';
import { LocationField, type ChosenLocation } from '../location';
import { AccountDataSection } from './AccountDataSection';
import { LanguageSetting } from './LanguageSetting';
import { profileKeys, updateUserDetails, useProfileDetails } from './api';
import {
  checkProfile,
  serverFieldErrors,
  type EditProfileErrors,
  type EditProfileValues,
} from './editProfileForm';
import { EDIT_PROFILE_TEXT } from './texts';
import { followSavedLanguage } from '../../shared/i18n/language';
import { useLocale, useTexts } from '../../shared/i18n/useTexts';

interface Prefill {
  userName: string | null;
  email: string | null;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  language: Locale | null;
}

function initialAddress(saved: Prefill | null): ChosenLocation | null {
  if (!saved?.address || saved.latitude === null || saved.longitude === null) return null;
  return { address: saved.address, latitude: saved.latitude, longitude: saved.longitude };
}

/** /edit-profile: Username, Email, Address, prefilled from the saved profile (docs/product.md §2, §5, §8). */
export default function EditProfilePage() {
  useDocumentTitle(EDIT_PROFILE_TEXT.title);
  const { session, currentUser } = useSession();
  const details = useProfileDetails(session?.userId ?? null);
  // If the profile cannot be read, the account the session already checked is the next best start.
  const saved: Prefill | null =
    details.data ?? (currentUser ? { ...currentUser, userName: currentUser.username } : null);
  const waiting = session !== null && details.isPending;
  return (
    <FormSheet
      title={EDIT_PROFILE_TEXT.heading}
      closeTo={ROUTES.userMain}
      closeLabel={EDIT_PROFILE_TEXT.close}
    >
      {waiting ? (
        <Spinner label={EDIT_PROFILE_TEXT.loading} />
      ) : (
        <>
          {/* Remount when the saved values arrive so the fields start from them. */}
          <EditProfileForm key={details.data ? 'profile' : currentUser ? 'account' : 'none'} saved={saved} />
          {session && <AccountDataSection username={session.username ?? String(session.userId)} />}
        </>
      )}
    </FormSheet>
  );
}

function EditProfileForm({ saved }: { saved: Prefill | null }) {
  const texts = useTexts();
  const { session } = useSession();
  const queryClient = useQueryClient();
  const [userName, setUserName] = useState(saved?.userName ?? session?.username ?? '');
  const [email, setEmail] = useState(saved?.email ?? '');
  const [address, setAddress] = useState<ChosenLocation | null>(initialAddress(saved));
  const locale = useLocale();
  const [language, setLanguage] = useState<Locale | null>(saved?.language ?? null);
  const [errors, setErrors] = useState<EditProfileErrors>({});
  const [status, setStatus] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [submitting, setSubmitting] = useState(false);

  function saveSucceeded(profile: ProfileDetails) {
    queryClient.setQueryData(profileKeys.detail(profile.id), profile);
    void queryClient.invalidateQueries({ queryKey: [ME_QUERY_KEY] });
    const stored = readSession();
    if (stored) {
      // The header and the profile read the name from the session (docs/product.md §3 username).
      writeSession({
        authToken: stored.authToken,
        id: stored.userId,
        username: profile.userName,
        imageUrl: stored.userImageUrl,
        coverPhotoUrl: stored.userCoverPhotoUrl,
      });
    }
    setStatus({ tone: 'success', text: texts.profile.updated });
    // A new language shows at once: the page loads again in it (or in the browser's, with none saved).
    if (profile.language !== (saved?.language ?? null)) followSavedLanguage(profile.language, locale);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setStatus(null);
    const userId = readSession()?.userId;
    if (userId === undefined) {
      setStatus({ tone: 'error', text: texts.profile.userNotFound });
      return;
    }
    const values: EditProfileValues = { userName, email, address, language };
    const check = checkProfile(userId, values);
    setErrors(check.ok ? {} : check.errors);
    if (!check.ok) return;
    setSubmitting(true);
    try {
      saveSucceeded(await updateUserDetails(check.request));
    } catch (caught) {
      // A validation answer (taken name, bad e-mail) is worth showing; anything else gets the SPEC text.
      const readable = caught instanceof ApiError && (caught.status === 400 || caught.status === 409);
      if (readable) setErrors(serverFieldErrors(caught.fieldErrors));
      else console.error('Could not update the profile', caught);
      setStatus({ tone: 'error', text: readable ? caught.message : texts.profile.updateFailed });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4" aria-busy={submitting}>
      {status && (
        <Banner tone={status.tone} onDismiss={() => setStatus(null)}>
          {status.text}
        </Banner>
      )}
      <TextField
        id="profile-username"
        label={EDIT_PROFILE_TEXT.username}
        autoComplete="username"
        value={userName}
        onChange={(event) => setUserName(event.target.value)}
        error={errors.userName}
        disabled={submitting}
      />
      <TextField
        id="profile-email"
        // Text, not type="email": the browser strips spaces around an e-mail field's value, so " a@b.co " would be
        // saved trimmed instead of refused with "Email cannot contain spaces." (docs/product.md §5).
        type="text"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        label={EDIT_PROFILE_TEXT.email}
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={errors.email}
        disabled={submitting}
      />
      <div>
        <LocationField
          id="profile-address"
          label={EDIT_PROFILE_TEXT.address}
          placeholder={texts.location.cityPlaceholder}
          limit={SUGGESTION_LIMIT.editProfile}
          value={address}
          onChange={setAddress}
          invalid={Boolean(errors.address)}
          describedBy={errors.address ? 'profile-address-error' : undefined}
          disabled={submitting}
        />
        <FieldError id="profile-address-error" message={errors.address} />
      </div>
      <LanguageSetting
        value={language}
        onChange={setLanguage}
        error={errors.language}
        disabled={submitting}
      />
      <button type="submit" className="btn btn-primary mt-2 w-full" disabled={submitting}>
        {submitting ? EDIT_PROFILE_TEXT.saving : EDIT_PROFILE_TEXT.save}
      </button>
    </form>
  );
}
