import { Link } from 'react-router';
import { ROUTES, messages, type ProductDetail } from '@rummage/contract';
import { DEFAULT_USER_IMAGE, assetUrl } from '../../../shared/api/assets';
import { LISTING_TEXT } from '../texts';

/** "Nov 2024" from an ISO date; empty when the date cannot be read. */
export function formatSince(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric' }).format(date);
}

/** The seller's picture, name and "thrifter since"; leads to their profile, or to /user-main for your own. */
export function SellerCard({ product, isOwner }: { product: ProductDetail; isOwner: boolean }) {
  const since = formatSince(product.thrifterSince);
  const to = isOwner ? ROUTES.userMain : ROUTES.otherUser(product.userId);
  return (
    <section aria-labelledby="seller-heading" className="card p-4">
      <h2 id="seller-heading" className="mb-3 text-sm font-bold tracking-wide text-stone-600 uppercase">
        {LISTING_TEXT.sellerHeading}
      </h2>
      <Link to={to} className="flex items-center gap-3 rounded-xl p-1 hover:bg-stone-50">
        <img
          src={assetUrl(product.userImageUrl, DEFAULT_USER_IMAGE)}
          alt=""
          className="h-14 w-14 shrink-0 rounded-full bg-stone-100 object-cover"
          onError={(event) => {
            if (!event.currentTarget.src.endsWith(DEFAULT_USER_IMAGE))
              event.currentTarget.src = DEFAULT_USER_IMAGE;
          }}
        />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-lg font-bold text-stone-900">@{product.userName}</span>
          {since && (
            <span className="block text-sm text-stone-600">
              {messages.profile.thrifterSince} {since}
            </span>
          )}
        </span>
        <span aria-hidden="true" className="text-2xl text-stone-500">
          ›
        </span>
      </Link>
    </section>
  );
}
