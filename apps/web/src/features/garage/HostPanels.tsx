import { Link } from 'react-router';
import { ROUTES, fillText, messages, type GarageSale } from '@rummage/contract';
import { DEFAULT_USER_IMAGE, assetUrl } from '../../shared/api/assets';
import { ProductCard } from '../feed/ProductCard';
import { useSellerItems } from '../listings/api';
import { formatSince } from '../listings/detail/SellerCard';
import { useUserGarageSales } from './api';
import { GarageSaleCard } from './GarageSaleCard';
import { GARAGE_TEXT } from './texts';
import { useLiveSales } from './useLiveSales';

/** How many of the host's other sales and items the page shows; the rest are on their profile. */
const MORE_SHOWN = 4;

/** The host's picture, name and "thrifter since"; leads to their profile, or /user-main for your own. */
export function HostPanel({ sale, isOwn }: { sale: GarageSale; isOwn: boolean }) {
  const since = formatSince(sale.thrifterSince);
  return (
    <section aria-labelledby="garage-host-heading" className="card p-4">
      <h2 id="garage-host-heading" className="mb-3 text-sm font-bold tracking-wide text-stone-600 uppercase">
        {GARAGE_TEXT.hostHeading}
      </h2>
      <Link
        to={isOwn ? ROUTES.userMain : ROUTES.otherUser(sale.userId)}
        className="flex items-center gap-3 rounded-xl p-1 hover:bg-stone-50"
      >
        <img
          src={assetUrl(sale.userImageUrl, DEFAULT_USER_IMAGE)}
          alt=""
          className="h-14 w-14 shrink-0 rounded-full bg-stone-100 object-cover"
          onError={(event) => {
            if (!event.currentTarget.src.endsWith(DEFAULT_USER_IMAGE))
              event.currentTarget.src = DEFAULT_USER_IMAGE;
          }}
        />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-lg font-bold text-stone-900">@{sale.userName}</span>
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

/**
 * The host's other garage sales (this one left out) and unsold items, as cards (SPEC §2). Beside the sale
 * on wide screens, below it on small ones.
 */
export function HostMore({ sale }: { sale: GarageSale }) {
  const sales = useLiveSales(useUserGarageSales(sale.userId).data, { deleteEnded: false });
  const items = useSellerItems(sale.userId).data ?? [];
  const others = sales.filter((other) => other.id !== sale.id).slice(0, MORE_SHOWN);
  const name = sale.userName;
  if (others.length === 0 && items.length === 0) return null;
  const salesHeading = fillText(GARAGE_TEXT.moreSales, { name });
  const itemsHeading = fillText(GARAGE_TEXT.moreItems, { name });
  const grid = 'grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-2';
  return (
    <div className="flex flex-col gap-6">
      {others.length > 0 && (
        <section aria-labelledby="garage-more-sales">
          <h2 id="garage-more-sales" className="mb-3 text-lg font-bold text-stone-900">
            {salesHeading}
          </h2>
          <ul aria-label={salesHeading} className={grid}>
            {others.map((other) => (
              <li key={other.id}>
                <GarageSaleCard sale={other} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {items.length > 0 && (
        <section aria-labelledby="garage-more-items">
          <h2 id="garage-more-items" className="mb-3 text-lg font-bold text-stone-900">
            {itemsHeading}
          </h2>
          <ul aria-label={itemsHeading} className={grid}>
            {items.slice(0, MORE_SHOWN).map((item) => (
              <li key={item.id}>
                <ProductCard product={item} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
