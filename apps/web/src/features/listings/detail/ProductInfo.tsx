import { Link } from 'react-router';
import { ROUTES, countText, fillText, type ProductDetail } from '@rummage/contract';
import { formatDayMonthYear } from '../../../shared/ui/formatDate';
import { useFormatPrice } from '../../feed';
import { categoryName } from '../../../shared/i18n/categoryName';
import { LikeButton } from './LikeButton';
import { MakeOfferForm } from './MakeOfferForm';
import { MessageBox } from './MessageBox';
import { ReportButton } from './ReportButton';
import { ShareButton } from './ShareButton';
import { actionButton } from './styles';
import { useLocale, useTexts } from '../../../shared/i18n/useTexts';

/** Price, title, likes, share, report (or edit for the seller) and the message box. */
export function ProductInfo({
  product,
  isOwner,
  signedIn,
}: {
  product: ProductDetail;
  isOwner: boolean;
  signedIn: boolean;
}) {
  const formatPrice = useFormatPrice();
  const texts = useTexts();
  const locale = useLocale();
  const posted = formatDayMonthYear(product.posted, locale);
  return (
    <div className="flex flex-col gap-4">
      <div>
        <p className="flex items-center gap-3 text-3xl font-extrabold text-stone-900">
          {formatPrice(product.price)}
          {product.isSold && (
            <span className="rounded-full bg-stone-900 px-3 py-0.5 text-xs font-bold tracking-wide text-white uppercase">
              {texts.listing.sold}
            </span>
          )}
          {!product.isSold && product.reservedUntil && (
            <span className="rounded-full bg-brand-700 px-3 py-0.5 text-xs font-bold tracking-wide text-white uppercase">
              {texts.listing.reserved}
            </span>
          )}
        </p>
        <h1 className="mt-1 text-2xl font-bold break-words text-stone-900">{product.title}</h1>
        <p className="mt-1 text-sm text-stone-600">
          {product.location ?? texts.listing.locationUnknown}
          {posted && ` · ${fillText(texts.listing.posted, { date: posted })}`}
          {product.categoryTitle && ` · ${categoryName(product.categoryTitle, texts)}`}
          {` · ${countText(product.views, 'views', texts.common.counts, locale)}`}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <LikeButton product={product} signedIn={signedIn} />
        <ShareButton productId={product.id} title={product.title} />
        {isOwner ? (
          <Link to={ROUTES.editProduct(product.id)} className={actionButton}>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5">
              <path
                d="M4 20h4L19 9l-4-4L4 16v4Z"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinejoin="round"
              />
            </svg>
            {texts.listing.edit}
          </Link>
        ) : (
          <ReportButton productId={product.id} signedIn={signedIn} />
        )}
      </div>
      {!isOwner && (
        <MessageBox
          productId={product.id}
          sellerId={product.userId}
          sellerName={product.userName}
          signedIn={signedIn}
        />
      )}
      {!isOwner && !product.isSold && (
        <MakeOfferForm productId={product.id} price={product.price} signedIn={signedIn} />
      )}
    </div>
  );
}
