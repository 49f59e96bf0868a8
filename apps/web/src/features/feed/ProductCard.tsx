import { useRef, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  API,
  ROUTES,
  apiPath,
  countText,
  formatCount,
  type ProductCard as ProductCardData,
  type ViewsResponse,
} from '@rummage/contract';
import { apiFetch } from '../../shared/api/client';
import { assetUrl, PRODUCT_PLACEHOLDER_IMAGE } from '../../shared/api/assets';
import { useFormatPrice } from './formatPrice';
import { useLocale, useTexts } from '../../shared/i18n/useTexts';

/** Opening a card waits this long at most for the view count before navigating anyway. */
export const VIEW_COUNT_WAIT_MS = 300;

/** POST /api/Product/increment-views/{id}; a failure is only logged, it must never stop the visit. */
function countView(productId: number): Promise<void> {
  return apiFetch<ViewsResponse>(apiPath(API.product.incrementViews, { id: productId }), {
    method: 'POST',
  }).then(
    () => undefined,
    (error: unknown) => console.warn('Could not count the view of product', productId, error),
  );
}

function isPlainLeftClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

function EyeIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4 shrink-0 fill-none stroke-current">
      <path
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z"
      />
      <circle cx="12" cy="12" r="3" strokeWidth="2" />
    </svg>
  );
}

/**
 * One listing in a grid: photo, price, views and title (docs/product.md §2 Home). The whole card is a link to
 * /product-detail/{id}; opening it first counts a view, then navigates (waiting at most
 * VIEW_COUNT_WAIT_MS so a slow server never holds the visitor up). `onOpen` is told just before.
 */
export function ProductCard({
  product,
  onOpen,
  eager = false,
}: {
  product: ProductCardData;
  onOpen?: (product: ProductCardData) => void;
  /** In the first row, on screen when the page opens: the photo loads at once and first (it is the page's LCP). */
  eager?: boolean;
}) {
  const formatPrice = useFormatPrice();
  const texts = useTexts();
  const locale = useLocale();
  const navigate = useNavigate();
  const opening = useRef(false);
  const to = ROUTES.productDetail(product.id);
  const title = product.title || product.name;
  const views = formatCount(product.views, locale);

  async function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.defaultPrevented) return;
    if (!isPlainLeftClick(event)) {
      // A new tab or window opens the page on its own; the view still counts.
      void countView(product.id);
      return;
    }
    event.preventDefault();
    if (opening.current) return;
    opening.current = true;
    onOpen?.(product);
    await Promise.race([
      countView(product.id),
      new Promise((resolve) => setTimeout(resolve, VIEW_COUNT_WAIT_MS)),
    ]);
    opening.current = false;
    void navigate(to);
  }

  return (
    <article className="card group relative flex h-full flex-col overflow-hidden has-[a:focus-visible]:ring-3 has-[a:focus-visible]:ring-accent hover:shadow-md">
      {/* A fixed 4:3 box (the usual photo shape): the grid never jumps while photos arrive, whatever their shape. */}
      <div className="relative aspect-[4/3] w-full overflow-hidden bg-stone-100">
        <img
          src={assetUrl(product.mainImage ?? product.image, PRODUCT_PLACEHOLDER_IMAGE)}
          alt={title}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          decoding="async"
          width={480}
          height={360}
          onError={(event) => {
            const img = event.currentTarget;
            if (!img.src.endsWith(PRODUCT_PLACEHOLDER_IMAGE)) img.src = PRODUCT_PLACEHOLDER_IMAGE;
          }}
          className="h-full w-full object-cover transition-transform duration-200 group-hover:scale-[1.03]"
        />
        {product.isSold ? (
          <span className="absolute top-2 left-2 rounded-full bg-stone-900/85 px-2.5 py-0.5 text-xs font-bold tracking-wide text-white uppercase">
            {texts.home.sold}
          </span>
        ) : (
          product.reservedUntil && (
            <span className="absolute top-2 left-2 rounded-full bg-brand-700/90 px-2.5 py-0.5 text-xs font-bold tracking-wide text-white uppercase">
              {texts.listing.reserved}
            </span>
          )
        )}
      </div>
      <div className="flex flex-1 flex-col gap-0.5 px-3 pt-2 pb-3">
        <div className="flex items-baseline justify-between gap-2">
          <p className="truncate text-lg font-bold text-stone-900">{formatPrice(product.price)}</p>
          <p className="flex shrink-0 items-center gap-1 text-xs text-stone-600">
            <EyeIcon />
            <span aria-hidden="true">{views}</span>
            <span className="sr-only">{countText(product.views, 'views', texts.common.counts, locale)}</span>
          </p>
        </div>
        <p className="truncate text-sm text-stone-700">
          {/* The link stretches over the whole card, so the photo and price open it too. */}
          <Link
            to={to}
            onClick={handleClick}
            className="after:absolute after:inset-0 after:content-[''] focus:outline-none focus-visible:outline-none"
          >
            {title}
          </Link>
        </p>
      </div>
    </article>
  );
}
