import { useState, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ROUTES, countNoun, fillText, formatCount, type Follower } from '@rummage/contract';
import { assetUrl, DEFAULT_USER_IMAGE } from '../../shared/api/assets';
import { formatSince } from '../../shared/ui/PersonCard';
import { FollowButton } from '../follow';
import { placeText } from '../../shared/ui/place';
import { useLocale, useTexts } from '../../shared/i18n/useTexts';

/** The SPEC's card labels start with a capital ("Views", "Items sold"). */
function capitalized(label: string): string {
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/**
 * One follower (docs/product.md §2 Followers): picture, since, @name, place, counts and "follow" back. The whole card
 * opens their profile; the name is the link keyboards and screen readers use, and the button does not navigate.
 */
export function FollowerCard({ follower }: { follower: Follower }) {
  const texts = useTexts();
  const navigate = useNavigate();
  const [followers, setFollowers] = useState(follower.totalFollowers);
  const profile = ROUTES.otherUser(follower.id);
  const locale = useLocale();
  const since = formatSince(follower.thrifterSince, locale);
  // "City, ST", or the coordinates when the gazetteer named no place (docs/product.md §8).
  const place = placeText(follower);
  const stats = [
    {
      key: 'views',
      label: capitalized(countNoun(follower.views, 'views', texts.common.counts)),
      value: follower.views,
    },
    {
      key: 'itemsSold',
      label: capitalized(countNoun(follower.itemsSold, 'itemsSold', texts.common.counts)),
      value: follower.itemsSold,
    },
    {
      key: 'followers',
      label: capitalized(countNoun(followers, 'followers', texts.common.counts)),
      value: followers,
    },
  ];

  function openProfile(event: MouseEvent<HTMLElement>) {
    if (event.target instanceof Element && event.target.closest('a, button')) return;
    void navigate(profile);
  }

  return (
    // The click target mirrors the name link, which keyboards reach; the card itself needs no tab stop.
    <article
      onClick={openProfile}
      aria-labelledby={`follower-${follower.id}-name`}
      className="card flex h-full cursor-pointer flex-col items-center gap-3 p-5 text-center transition-shadow hover:shadow-md"
    >
      <img
        src={assetUrl(follower.imageUrl, DEFAULT_USER_IMAGE)}
        alt={fillText(texts.followers.photoAlt, { username: follower.userName })}
        onError={(event) => {
          if (!event.currentTarget.src.endsWith(DEFAULT_USER_IMAGE))
            event.currentTarget.src = DEFAULT_USER_IMAGE;
        }}
        className="h-20 w-20 rounded-full bg-stone-100 object-cover"
      />
      <div className="flex min-w-0 flex-col gap-0.5">
        <h2 id={`follower-${follower.id}-name`} className="truncate text-lg font-bold text-stone-900">
          <Link to={profile} className="hover:underline">
            @{follower.userName}
          </Link>
        </h2>
        {since && (
          <p className="text-sm text-stone-600">
            {texts.followers.thrifterSince} {since}
          </p>
        )}
        <p className="text-sm text-stone-700">
          {place ? fillText(texts.followers.locatedIn, { place }) : texts.location.unavailable}
        </p>
      </div>
      <dl className="grid w-full grid-cols-3 gap-2">
        {stats.map((stat) => (
          <div key={stat.key} className="flex flex-col-reverse items-center rounded-lg bg-stone-50 px-1 py-2">
            <dt className="text-xs text-stone-600">{stat.label}</dt>
            <dd className="font-bold text-stone-900">{formatCount(stat.value, locale)}</dd>
          </div>
        ))}
      </dl>
      <FollowButton
        userId={follower.id}
        initialFollowing={follower.isFollowingBack}
        userName={follower.userName}
        onFollowersCountChange={(delta) => setFollowers((count) => Math.max(0, count + delta))}
        className="mt-auto w-full"
      />
    </article>
  );
}
