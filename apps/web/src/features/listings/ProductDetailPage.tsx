import { Link } from 'react-router';
import { ROUTES, messages } from '@rummage/contract';
import { EmptyState } from '../../shared/ui/EmptyState';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle';
import { LISTING_TEXT } from './texts';

/**
 * /product-detail/{productId}. The carousel, price, likes, seller box and map come with the listings
 * issue (GET /api/Product/{id}); until then no listing can be found, and the page says so.
 */
export default function ProductDetailPage() {
  useDocumentTitle(LISTING_TEXT.detailTitle);
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10">
      <EmptyState headingLevel={1} title={LISTING_TEXT.notFoundTitle} text={messages.common.resourceNotFound}>
        <Link to={ROUTES.marketplace} className="btn btn-primary">
          {LISTING_TEXT.backToMarketplace}
        </Link>
      </EmptyState>
    </div>
  );
}
