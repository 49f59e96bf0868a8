import type { ReactNode, SyntheticEvent } from 'react';
import { countNoun, formatCount, type Reputation } from '@rummage/contract';
import { assetUrl, DEFAULT_COVER_IMAGE, DEFAULT_USER_IMAGE } from '../../shared/api/assets';
import { useFillText } from '../../shared/config/useAppConfig';
import { formatSince } from '../../shared/ui/PersonCard';
import { REVIEWS_SECTION_ID, ReputationSummary } from '../reviews';
import type { PhotoKind } from './api';
import type { UploadMessage } from './usePhotoUploads';
import { useLocale, useTexts } from '../../shared/i18n/useTexts';

/** What the top of a profile shows; counts are null while unknown. */
export interface ProfileView {
  userName: string | null;
  email: string | null;
  place: string | null;
  thrifterSince: string | null;
  /** Shows the "E-mail verified" badge. */
  emailVerified: boolean;
  views: number | null;
  itemsSold: number | null;
  followersCount: number | null;
  profilePhotoUrl: string | null;
  coverPhotoUrl: string | null;
  /** Stars, deals done and reply time; absent until the server answers. */
  reputation?: Reputation;
}

/** Shown instead of a picture that fails to load. */
function fallbackTo(image: string) {
  return (event: SyntheticEvent<HTMLImageElement>) => {
    if (!event.currentTarget.src.endsWith(image)) event.currentTarget.src = image;
  };
}

function CameraIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 fill-none stroke-current">
      <path
        strokeWidth="2"
        strokeLinejoin="round"
        d="M4 8h3l2-3h6l2 3h3a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1Z"
      />
      <circle cx="12" cy="13" r="3.5" strokeWidth="2" />
    </svg>
  );
}

function PinIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4 shrink-0 fill-current text-brand">
      <path d="M12 2a7 7 0 0 0-7 7c0 5 7 13 7 13s7-8 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z" />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" className="h-3.5 w-3.5 shrink-0 fill-none stroke-current">
      <path strokeWidth="2.25" strokeLinecap="round" strokeLinejoin="round" d="m3.5 8.5 3 3 6-7" />
    </svg>
  );
}

/** The small pill beside "thrifter since" on a profile whose owner confirmed their e-mail address. */
export function VerifiedBadge() {
  const texts = useTexts();
  return (
    <span className="inline-flex shrink-0 items-center gap-1 rounded-full border border-brand-200 bg-brand-50 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-brand-800">
      <CheckIcon />
      {texts.emailVerification.badge}
    </span>
  );
}

/** A file picker that looks like a button; its label is the input's name. */
function PhotoPicker({
  kind,
  busy,
  onFile,
  className,
  children,
}: {
  kind: PhotoKind;
  busy: boolean;
  onFile: (file: File | undefined) => void;
  className: string;
  children: ReactNode;
}) {
  return (
    <label
      className={`cursor-pointer shadow focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-accent ${
        busy ? 'cursor-wait opacity-70' : ''
      } ${className}`}
    >
      {children}
      <input
        type="file"
        accept="image/jpeg,image/png"
        className="sr-only"
        data-testid={`${kind}-photo-input`}
        disabled={busy}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Lets the same file be picked again after a failure.
          event.target.value = '';
          onFile(file);
        }}
      />
    </label>
  );
}

/**
 * Cover, photo, @name, "thrifter since", the reputation, place and the counts (docs/product.md §2 Profile). `uploads` adds the photo
 * controls and their message (own profile); `action` is the edit link or the follow button.
 */
export function ProfileHeader({
  profile,
  loading,
  action,
  uploads,
}: {
  profile: ProfileView;
  loading: boolean;
  action?: ReactNode;
  uploads?: {
    busy: PhotoKind | null;
    message: UploadMessage | null;
    onFile: (kind: PhotoKind, file: File | undefined) => void;
  };
}) {
  const texts = useTexts();
  const locale = useLocale();
  const fill = useFillText();
  const since = profile.thrifterSince ? formatSince(profile.thrifterSince, locale) : '';
  const nouns = texts.common.counts;
  const stats = [
    { key: 'views', label: countNoun(profile.views ?? 0, 'views', nouns), value: profile.views },
    {
      key: 'itemsSold',
      label: countNoun(profile.itemsSold ?? 0, 'itemsSold', nouns),
      value: profile.itemsSold,
    },
    {
      key: 'followers',
      label: countNoun(profile.followersCount ?? 0, 'followers', nouns),
      value: profile.followersCount,
    },
  ];

  return (
    <>
      <div className="relative">
        <img
          src={assetUrl(profile.coverPhotoUrl, DEFAULT_COVER_IMAGE)}
          alt={texts.profile.coverAlt}
          onError={fallbackTo(DEFAULT_COVER_IMAGE)}
          className="h-36 w-full bg-stone-200 object-cover md:h-56 md:rounded-xl"
        />
        {uploads && (
          <PhotoPicker
            kind="cover"
            busy={uploads.busy === 'cover'}
            onFile={(file) => uploads.onFile('cover', file)}
            className="absolute top-3 right-3 inline-flex min-h-10 items-center gap-2 rounded-full bg-white/95 px-3 text-sm font-semibold text-stone-900 hover:bg-white"
          >
            <CameraIcon />
            {uploads.busy === 'cover' ? texts.profile.uploading : texts.profile.changeCover}
          </PhotoPicker>
        )}
        <div className="absolute -bottom-12 left-4 md:left-8">
          <img
            src={assetUrl(profile.profilePhotoUrl, DEFAULT_USER_IMAGE)}
            alt={
              profile.userName
                ? fill(texts.profile.photoAlt, { username: profile.userName })
                : texts.profile.photoAltUnknown
            }
            onError={fallbackTo(DEFAULT_USER_IMAGE)}
            className="h-24 w-24 rounded-full border-4 border-white bg-white object-cover shadow md:h-32 md:w-32"
          />
          {uploads && (
            <PhotoPicker
              kind="profile"
              busy={uploads.busy === 'profile'}
              onFile={(file) => uploads.onFile('profile', file)}
              className="absolute right-0 bottom-0 flex h-10 w-10 items-center justify-center rounded-full border-2 border-white bg-brand text-white hover:bg-brand-700"
            >
              <CameraIcon />
              <span className="sr-only">
                {uploads.busy === 'profile' ? texts.profile.uploading : texts.profile.changePhoto}
              </span>
            </PhotoPicker>
          )}
        </div>
      </div>
      <div className="flex flex-col gap-4 px-4 pt-14 md:flex-row md:items-start md:justify-between md:px-8 md:pt-16">
        <div className="flex min-w-0 flex-col gap-1">
          {loading ? (
            <>
              <h1 className="sr-only">{texts.profile.loadingProfile}</h1>
              <span aria-hidden="true" className="h-8 w-48 animate-pulse rounded bg-stone-200" />
              <span aria-hidden="true" className="h-4 w-32 animate-pulse rounded bg-stone-200" />
            </>
          ) : (
            <h1 className="truncate text-2xl font-bold text-stone-900">
              @{profile.userName ?? texts.profile.unknownUser}
            </h1>
          )}
          {(since || (profile.emailVerified && !loading)) && (
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              {since && (
                <p className="text-sm text-stone-700">
                  {texts.profile.thrifterSince} {since}
                </p>
              )}
              {profile.emailVerified && !loading && <VerifiedBadge />}
            </div>
          )}
          {profile.reputation && (
            <ReputationSummary reputation={profile.reputation} reviewsHref={`#${REVIEWS_SECTION_ID}`} />
          )}
          {profile.place && (
            <p className="flex items-center gap-1 text-sm text-stone-700">
              <PinIcon />
              <span className="sr-only">{texts.profile.locationLabel}: </span>
              {profile.place}
            </p>
          )}
          {profile.email && (
            <p className="text-sm break-all text-stone-700">
              <span className="sr-only">{texts.profile.emailLabel}: </span>
              {profile.email}
            </p>
          )}
        </div>
        {action && <div className="flex shrink-0 flex-wrap gap-2 self-start">{action}</div>}
      </div>
      {uploads && (
        // Always in the page, so screen readers hear each outcome as it appears.
        <div aria-live="polite" className="mx-4 min-h-0 md:mx-8">
          {uploads.message && (
            <p
              data-tone={uploads.message.tone}
              className={`mt-3 rounded-lg border px-3 py-2 text-sm font-semibold ${
                uploads.message.tone === 'success'
                  ? 'border-green-300 bg-green-50 text-green-800'
                  : 'border-red-300 bg-red-50 text-red-800'
              }`}
            >
              {uploads.message.text}
            </p>
          )}
        </div>
      )}
      <dl aria-label={texts.profile.stats} className="mx-4 mt-4 grid grid-cols-3 gap-2 md:mx-8 md:gap-4">
        {stats.map((stat) => (
          <div key={stat.key} className="card flex flex-col-reverse items-center px-2 py-3 text-center">
            <dt className="text-xs text-stone-700 md:text-sm">{stat.label}</dt>
            <dd className="text-lg font-bold text-stone-900 md:text-xl">
              {stat.value === null ? (
                <>
                  <span aria-hidden="true">–</span>
                  <span className="sr-only">{texts.profile.unknownCount}</span>
                </>
              ) : (
                formatCount(stat.value, locale)
              )}
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}
