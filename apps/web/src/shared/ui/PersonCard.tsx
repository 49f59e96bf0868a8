import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ROUTES } from '@rummage/contract';
import { DEFAULT_USER_IMAGE, assetUrl } from '../api/assets';
import { formatMonthYear } from './formatDate';
import { useLocale, useTexts } from '../i18n/useTexts';

/** "Nov 2024" from an ISO date; empty when the date cannot be read. */
export const formatSince = formatMonthYear;

/**
 * A member's picture, @name and "thrifter since" (a listing's seller, a sale's host); it leads to their profile,
 * or to /user-main when it is you (docs/product.md §2). `details` and `action` (a follow button) sit under the link,
 * not inside it.
 */
export function PersonCard({
  heading,
  userId,
  userName,
  imageUrl,
  thrifterSince,
  isOwn,
  details,
  action,
}: {
  heading: string;
  userId: number;
  userName: string;
  imageUrl: string | null;
  thrifterSince: string;
  isOwn: boolean;
  /** More about the person under the link (a seller's reputation). */
  details?: ReactNode;
  action?: ReactNode;
}) {
  const texts = useTexts();
  const headingId = useId();
  const since = formatSince(thrifterSince, useLocale());
  return (
    <section aria-labelledby={headingId} className="card p-4">
      <h2 id={headingId} className="mb-3 text-sm font-bold tracking-wide text-stone-600 uppercase">
        {heading}
      </h2>
      <Link
        to={isOwn ? ROUTES.userMain : ROUTES.otherUser(userId)}
        className="flex items-center gap-3 rounded-xl p-1 hover:bg-stone-50"
      >
        <img
          src={assetUrl(imageUrl, DEFAULT_USER_IMAGE)}
          alt=""
          className="h-14 w-14 shrink-0 rounded-full bg-stone-100 object-cover"
          onError={(event) => {
            if (!event.currentTarget.src.endsWith(DEFAULT_USER_IMAGE))
              event.currentTarget.src = DEFAULT_USER_IMAGE;
          }}
        />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-lg font-bold text-stone-900">@{userName}</span>
          {since && (
            <span className="block text-sm text-stone-600">
              {texts.profile.thrifterSince} {since}
            </span>
          )}
        </span>
        <span aria-hidden="true" className="text-2xl text-stone-500">
          ›
        </span>
      </Link>
      {details && <div className="mt-2 px-1">{details}</div>}
      {action && <div className="mt-3">{action}</div>}
    </section>
  );
}
