import { useState, type FormEvent } from 'react';
import { ROUTES, SUGGESTION_LIMIT, messages, type CurrentUser } from '@rummage/contract';
import { ApiError, apiFetch } from '../../shared/api/client';
import { useSession } from '../../shared/session/SessionContext';
import { Banner } from '../../shared/ui/Banner';
import { FormSheet } from '../../shared/ui/FormSheet';
import { FieldError, TextField } from '../../shared/ui/TextField';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle';
import { LocationField, type ChosenLocation } from '../location/LocationField';
import { validateProfile, type EditProfileErrors } from './editProfileForm';
import { EDIT_PROFILE_TEXT } from './texts';

/** SPEC §7 POST /api/User/update-user-details; its server side arrives with the profile issue. */
const UPDATE_PATH = '/api/User/update-user-details';

function initialAddress(user: CurrentUser | null): ChosenLocation | null {
  if (!user?.address || user.latitude === null || user.longitude === null) return null;
  return { address: user.address, latitude: user.latitude, longitude: user.longitude };
}

/** /edit-profile: Username, Email, Address (SPEC §2, §5, §8). */
export default function EditProfilePage() {
  useDocumentTitle(EDIT_PROFILE_TEXT.title);
  const { currentUser } = useSession();
  return (
    <FormSheet
      title={EDIT_PROFILE_TEXT.heading}
      closeTo={ROUTES.userMain}
      closeLabel={EDIT_PROFILE_TEXT.close}
    >
      {/* Remount once the account arrives so the fields start from the saved values. */}
      <EditProfileForm key={currentUser?.id ?? 'loading'} user={currentUser} />
    </FormSheet>
  );
}

function EditProfileForm({ user }: { user: CurrentUser | null }) {
  const { session } = useSession();
  const [userName, setUserName] = useState(user?.username ?? session?.username ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [address, setAddress] = useState<ChosenLocation | null>(initialAddress(user));
  const [errors, setErrors] = useState<EditProfileErrors>({});
  const [status, setStatus] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setStatus(null);
    if (!session) {
      setStatus({ tone: 'error', text: messages.profile.userNotFound });
      return;
    }
    const found = validateProfile({ userName, email, address });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    try {
      await apiFetch(UPDATE_PATH, {
        method: 'POST',
        body: {
          userId: session.userId,
          userName: userName.trim(),
          email: email.trim(),
          address: address?.address,
          latitude: address?.latitude,
          longitude: address?.longitude,
        },
        fallbackMessage: messages.profile.updateFailed,
      });
      setStatus({ tone: 'success', text: messages.profile.updated });
    } catch (caught) {
      // A validation answer (taken name, bad e-mail) is worth showing; anything else gets the SPEC text.
      const readable = caught instanceof ApiError && (caught.status === 400 || caught.status === 409);
      setStatus({ tone: 'error', text: readable ? caught.message : messages.profile.updateFailed });
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
        type="email"
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
          placeholder={messages.location.cityPlaceholder}
          limit={SUGGESTION_LIMIT.editProfile}
          value={address}
          onChange={setAddress}
          invalid={Boolean(errors.address)}
          describedBy={errors.address ? 'profile-address-error' : undefined}
          disabled={submitting}
        />
        <FieldError id="profile-address-error" message={errors.address} />
      </div>
      <button type="submit" className="btn btn-primary mt-2 w-full" disabled={submitting}>
        {submitting ? EDIT_PROFILE_TEXT.saving : EDIT_PROFILE_TEXT.save}
      </button>
    </form>
  );
}
