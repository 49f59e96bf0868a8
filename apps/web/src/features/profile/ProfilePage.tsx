import { Link, Navigate, useParams } from 'react-router';
import { ROUTES, formatCount, messages } from '@rummage/contract';
import { assetUrl, DEFAULT_COVER_IMAGE, DEFAULT_USER_IMAGE } from '../../shared/api/assets';
import { useFillText } from '../../shared/config/useAppConfig';
import { useSession } from '../../shared/session/SessionContext';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle';
import { ProfileGarageSales } from './ProfileGarageSales';
import { ProfileListings } from './ProfileListings';
import { ProfileMobileBar } from './ProfileMobileBar';
import { PROFILE_TEXT } from './texts';

/** What the header of a profile shows; filled from the session now, from profile-details later. */
interface ProfileSummary {
  username: string | null;
  imageUrl: string | null;
  coverPhotoUrl: string | null;
  address: string | null;
  thrifterSince: string | null;
  views: number;
  itemsSold: number;
  followers: number;
}

/**
 * /user-main (own) and /user-main/{userId} (someone else): cover, photo, name, counts, and the
 * "my store" / "sold items" tabs (SPEC §2 Profile), listed by ProfileListings. The counts, follow button
 * and photo uploads come with the profile issue (GET /api/User/profile-details).
 */
export default function ProfilePage() {
  const { userId } = useParams();
  const { session, currentUser } = useSession();
  const isOwn = userId === undefined;
  useDocumentTitle(isOwn ? PROFILE_TEXT.titleOwn : PROFILE_TEXT.titleOther);
  const fill = useFillText();

  // Your own id in the address is your own profile, with its edit controls.
  if (!isOwn && session && String(session.userId) === userId)
    return <Navigate to={ROUTES.userMain} replace />;

  const profile: ProfileSummary = {
    username: isOwn ? (session?.username ?? currentUser?.username ?? null) : null,
    imageUrl: isOwn ? (session?.userImageUrl ?? null) : null,
    coverPhotoUrl: isOwn ? (session?.userCoverPhotoUrl ?? null) : null,
    address: isOwn ? (currentUser?.address ?? null) : null,
    thrifterSince: null,
    views: 0,
    itemsSold: 0,
    followers: 0,
  };
  const displayName = profile.username ?? PROFILE_TEXT.unknownUser;
  const otherId = Number(userId);
  const listingsUserId = isOwn
    ? (session?.userId ?? null)
    : Number.isInteger(otherId) && otherId > 0
      ? otherId
      : null;

  const stats = [
    { label: messages.profile.views, value: profile.views },
    { label: messages.profile.itemsSold, value: profile.itemsSold },
    { label: messages.profile.followers, value: profile.followers },
  ];

  return (
    <div className="flex w-full flex-col">
      {isOwn && <ProfileMobileBar title={messages.header.myProfile} />}
      <div className="mx-auto w-full max-w-5xl md:px-4 md:pt-6">
        <div className="relative">
          <img
            src={assetUrl(profile.coverPhotoUrl, DEFAULT_COVER_IMAGE)}
            alt={PROFILE_TEXT.coverAlt}
            className="h-36 w-full object-cover md:h-56 md:rounded-xl"
          />
          <img
            src={assetUrl(profile.imageUrl, DEFAULT_USER_IMAGE)}
            alt={
              profile.username
                ? fill(PROFILE_TEXT.photoAlt, { username: profile.username })
                : PROFILE_TEXT.photoAltUnknown
            }
            className="absolute -bottom-12 left-4 h-24 w-24 rounded-full border-4 border-white bg-white object-cover shadow md:left-8 md:h-32 md:w-32"
          />
        </div>
        <div className="flex flex-col gap-4 px-4 pt-14 md:flex-row md:items-start md:justify-between md:px-8 md:pt-16">
          <div className="flex flex-col gap-1">
            <h1 className="text-2xl font-bold text-stone-900">@{displayName}</h1>
            {profile.thrifterSince && (
              <p className="text-sm text-stone-700">
                {messages.profile.thrifterSince} {profile.thrifterSince}
              </p>
            )}
            {profile.address && <p className="text-sm text-stone-700">{profile.address}</p>}
          </div>
          {isOwn && (
            <Link
              to={ROUTES.editProfile}
              className="btn btn-outline self-start"
              aria-label={PROFILE_TEXT.editProfile}
            >
              {messages.profile.edit}
            </Link>
          )}
        </div>
        <dl aria-label={PROFILE_TEXT.stats} className="mx-4 mt-4 grid grid-cols-3 gap-2 md:mx-8">
          {stats.map((stat) => (
            <div key={stat.label} className="card flex flex-col-reverse items-center px-2 py-3 text-center">
              <dt className="text-xs text-stone-700 md:text-sm">{stat.label}</dt>
              <dd className="text-lg font-bold text-stone-900">{formatCount(stat.value)}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-6 px-4 pb-8 md:px-8">
          <ProfileGarageSales userId={listingsUserId} isOwn={isOwn} />
          <ProfileListings userId={listingsUserId} isOwn={isOwn} />
        </div>
      </div>
    </div>
  );
}
