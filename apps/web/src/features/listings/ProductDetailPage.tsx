import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { ROUTES, fillText } from '@rummage/contract';
import { ApiError } from '../../shared/api/client';
import { useFillText } from '../../shared/config/useAppConfig';
import { useSession } from '../../shared/session/SessionContext';
import { Banner } from '../../shared/ui/Banner';
import { EmptyState } from '../../shared/ui/EmptyState';
import { Spinner } from '../../shared/ui/Spinner';
import { useProduct } from './api';
import { ImageCarousel } from './detail/ImageCarousel';
import { MapPanel } from './detail/MapPanel';
import { ProductInfo } from './detail/ProductInfo';
import { SellerCard } from './detail/SellerCard';
import { SellerGarageSales } from './detail/SellerGarageSales';
import { SellerItems } from './detail/SellerItems';
import { parseProductId } from './productId';
import { useTexts } from '../../shared/i18n/useTexts';

/**
 * /product-detail/{productId} (docs/product.md §2): photos, price, title, likes, message box, description, report and
 * share, meetup map, seller card, the seller's other items and garage sales. Unknown or hidden listings say so.
 */
export default function ProductDetailPage() {
  const texts = useTexts();
  const productId = parseProductId(useParams().productId);
  const product = useProduct(productId);
  const { session } = useSession();
  const fill = useFillText();
  const data = product.data;
  const title = data
    ? fill(texts.listing.detailTitle, { title: data.title })
    : fill(texts.listing.detailFallbackTitle);

  useEffect(() => {
    document.title = title;
  }, [title]);

  if (productId !== null && product.isPending) {
    return <Spinner label={texts.listing.loading} fillScreen />;
  }

  if (!data) {
    const error = product.error;
    const text = error instanceof ApiError && error.status !== 404 ? error.message : undefined;
    return (
      <div className="mx-auto w-full max-w-5xl px-4 py-10">
        <EmptyState headingLevel={1} title={texts.listing.notFoundTitle} text={text}>
          <Link to={ROUTES.marketplace} className="btn btn-primary">
            {texts.listing.backToMarketplace}
          </Link>
        </EmptyState>
      </div>
    );
  }

  const signedIn = session !== null;
  const isOwner = data.isOwner || (session !== null && session.userId === data.userId);
  return (
    // Keyed by listing: opening one of the seller's other items starts its page afresh (photo 1, empty dialogs).
    <div key={data.id} className="mx-auto w-full max-w-6xl px-4 py-6 md:py-8">
      {/* Only the owner and staff receive a hidden listing at all; they are told why nobody else sees it. */}
      {data.hiddenReason !== undefined && (
        <div className="mb-4">
          <Banner tone="info">{fillText(texts.listing.hiddenByStaff, { reason: data.hiddenReason })}</Banner>
        </div>
      )}
      {/* Small screens read top to bottom; from 1024 px the price, actions and seller sit beside the photos. One
          column that may shrink (grid-cols-1): an implicit column would be as wide as a long unbroken title. */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_380px] lg:items-start lg:gap-8">
        <div className="lg:col-start-1 lg:row-start-1">
          <ImageCarousel images={data.images} title={data.title} />
        </div>
        <div className="flex flex-col gap-6 lg:col-start-2 lg:row-span-3 lg:row-start-1">
          <ProductInfo product={data} isOwner={isOwner} signedIn={signedIn} />
          <SellerCard product={data} isOwner={isOwner} />
        </div>
        <section aria-labelledby="description-heading" className="card p-4 lg:col-start-1 lg:row-start-2">
          <h2 id="description-heading" className="mb-2 text-lg font-bold text-stone-900">
            {texts.listing.descriptionHeading}
          </h2>
          <p className="break-words whitespace-pre-line text-stone-800">
            {data.description.trim() || texts.listing.noDescription}
          </p>
        </section>
        <div className="lg:col-start-1 lg:row-start-3">
          <MapPanel
            latitude={data.latitude}
            longitude={data.longitude}
            location={data.location}
            isOwner={data.isOwner}
            isReservedForYou={data.isReservedForCurrentUser}
          />
        </div>
      </div>
      <SellerItems sellerId={data.userId} sellerName={data.userName} productId={data.id} isOwner={isOwner} />
      <SellerGarageSales sellerId={data.userId} sellerName={data.userName} />
    </div>
  );
}
