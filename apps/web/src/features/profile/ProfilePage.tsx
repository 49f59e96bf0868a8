import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useParams } from 'react-router';
import { ROUTES, type ProfileDetails } from '@rummage/contract';
import { ApiError } from '../../shared/api/client';
import { useSession } from '../../shared/session/SessionContext';
import { ME_QUERY_KEY } from '../../shared/session/SessionProvider';
import { readSession, writeSession } from '../../shared/session/storage';
import { Banner } from '../../shared/ui/Banner';
import { EmptyState } from '../../shared/ui/EmptyState';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle';
import { BlockButton } from '../blocking';
import { FollowButton } from '../follow';
import { profileKeys, useProfileDetails, type PhotoKind } from './api';
import { ProfileGarageSales } from './ProfileGarageSales';
import { ProfileHeader, type ProfileView } from './ProfileHeader';
import { ProfileListings } from './ProfileListings';
import { ProfileMobileBar } from './ProfileMobileBar';
import { placeText, type Whereabouts } from '../../shared/ui/place';
import { usePhotoUploads } from './usePhotoUploads';
import { VerifyEmailReminder } from './VerifyEmailReminder';
import { ProfileReviews } from '../reviews';
import { useTexts } from '../../shared/i18n/useTexts';

/** The place a profile shows: the gazetteer's "City, ST", else the bare coordinates, else "Location unavailable". */
export function profilePlace(profile: Whereabouts | null, unavailable: string): string {
  return placeText(profile) ?? unavailable;
}

function parseUserId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * /user-main (own) and /user-main/{userId} (someone else), from GET /api/User/profile-details (docs/product.md §2
 * Profile): cover, photo, name, place, counts, then garage sales and the "my store" / "sold items" tabs.
 * Your own profile has "edit" and the photo uploads; someone else's has the follow button, whose click
 * moves the followers count at once.
 */
export default function ProfilePage() {
  const texts = useTexts();
  const { userId: param } = useParams();
  const { session, currentUser } = useSession();
  const queryClient = useQueryClient();
  const isOwn = param === undefined;
  useDocumentTitle(isOwn ? texts.profile.titleOwn : texts.profile.titleOther);
  const profileId = isOwn ? (session?.userId ?? null) : parseUserId(param);
  const details = useProfileDetails(profileId);
  const key = profileKeys.detail(profileId ?? 0);

  const uploads = usePhotoUploads({
    userId: isOwn ? profileId : null,
    onUploaded: (kind: PhotoKind, imageUrl: string) => {
      queryClient.setQueryData<ProfileDetails>(key, (old) =>
        old ? { ...old, [kind === 'profile' ? 'profilePhotoUrl' : 'coverPhotoUrl']: imageUrl } : old,
      );
      // The header's avatar reads the session (docs/product.md §3 userImageUrl / userCoverPhotoUrl).
      const stored = readSession();
      if (stored) {
        writeSession({
          authToken: stored.authToken,
          id: stored.userId,
          username: stored.username ?? '',
          imageUrl: kind === 'profile' ? imageUrl : stored.userImageUrl,
          coverPhotoUrl: kind === 'cover' ? imageUrl : stored.userCoverPhotoUrl,
        });
      }
      void queryClient.invalidateQueries({ queryKey: [ME_QUERY_KEY], refetchType: 'none' });
    },
  });

  // Your own id in the address is your own profile, with its edit controls.
  if (!isOwn && session && String(session.userId) === param) return <Navigate to={ROUTES.userMain} replace />;

  const missing = details.error instanceof ApiError && details.error.status === 404;
  if (!isOwn && (profileId === null || missing)) {
    return (
      <div className="mx-auto w-full max-w-5xl px-4 py-10">
        <EmptyState headingLevel={1} title={texts.profile.notFound}>
          <Link to={ROUTES.marketplace} className="btn btn-primary">
            {texts.profile.backToMarketplace}
          </Link>
        </EmptyState>
      </div>
    );
  }

  const data = details.data;
  // Until (or unless) the server answers, your own profile shows what the session already knows.
  const profile: ProfileView = data
    ? {
        userName: data.userName,
        email: isOwn ? data.email : null,
        place: profilePlace(data, texts.location.unavailable),
        thrifterSince: data.thrifterSince,
        emailVerified: data.emailVerified,
        views: data.views,
        itemsSold: data.itemsSold,
        followersCount: data.followersCount,
        profilePhotoUrl: data.profilePhotoUrl,
        coverPhotoUrl: data.coverPhotoUrl,
        reputation: data.reputation,
      }
    : {
        userName: isOwn ? (session?.username ?? currentUser?.username ?? null) : null,
        email: isOwn ? (currentUser?.email ?? null) : null,
        place:
          isOwn && currentUser
            ? profilePlace({ ...currentUser, location: currentUser.address }, texts.location.unavailable)
            : null,
        thrifterSince: null,
        emailVerified: isOwn ? (currentUser?.emailVerified ?? false) : false,
        views: null,
        itemsSold: null,
        followersCount: null,
        profilePhotoUrl: isOwn ? (session?.userImageUrl ?? null) : null,
        coverPhotoUrl: isOwn ? (session?.userCoverPhotoUrl ?? null) : null,
      };
  const loading = details.isPending && profileId !== null && !(isOwn && profile.userName);

  function changeFollowers(delta: 1 | -1) {
    queryClient.setQueryData<ProfileDetails>(key, (old) =>
      old
        ? {
            ...old,
            followersCount: Math.max(0, old.followersCount + delta),
            isFollowedByCurrentUser: delta === 1,
          }
        : old,
    );
  }

  const action = isOwn ? (
    <Link to={ROUTES.editProfile} className="btn btn-outline" aria-label={texts.profile.editProfile}>
      {texts.profile.edit}
    </Link>
  ) : data && profileId !== null ? (
    <>
      <FollowButton
        userId={profileId}
        initialFollowing={data.isFollowedByCurrentUser}
        onFollowersCountChange={changeFollowers}
        userName={data.userName}
      />
      <BlockButton userId={profileId} userName={data.userName} initialBlocked={data.isBlockedByCurrentUser} />
    </>
  ) : undefined;

  return (
    <div className="flex w-full flex-col">
      {/* docs/product.md §2 Profile (own and other): on phones, "sell", the title and "menu". */}
      <ProfileMobileBar title={isOwn ? texts.header.myProfile : texts.profile.mobileTitle} />
      <div className="mx-auto w-full max-w-5xl md:px-4 md:pt-6">
        <ProfileHeader
          profile={profile}
          loading={loading}
          action={action}
          uploads={
            isOwn
              ? {
                  busy: uploads.busy,
                  message: uploads.message,
                  onFile: (kind, file) => void uploads.upload(kind, file),
                }
              : undefined
          }
        />
        {isOwn && data?.isOwner && !data.emailVerified && data.email && (
          <VerifyEmailReminder email={data.email} />
        )}
        {details.isError && !missing && !isOwn && (
          <div className="mx-4 mt-4 md:mx-8">
            <Banner>{texts.profile.profileFailed}</Banner>
          </div>
        )}
        <div className="mt-6 px-4 pb-8 md:px-8">
          <ProfileGarageSales userId={profileId} isOwn={isOwn} />
          <ProfileListings userId={profileId} isOwn={isOwn} />
          <ProfileReviews userId={profileId} reputation={data?.reputation} />
        </div>
      </div>
    </div>
  );
}
