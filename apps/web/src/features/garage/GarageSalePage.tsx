import { Link } from 'react-router';
import { ROUTES, messages } from '@rummage/contract';
import { EmptyState } from '../../shared/ui/EmptyState';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle';
import { GARAGE_TEXT } from './texts';

/**
 * /garage/{garageSaleId}. Countdown, items, map and seller panel come with the garage-sale issue
 * (GET /api/GarageSale/{id}); until then no garage sale can be found, and the page says so.
 */
export default function GarageSalePage() {
  useDocumentTitle(GARAGE_TEXT.detailTitle);
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10">
      <EmptyState headingLevel={1} title={GARAGE_TEXT.notFoundTitle} text={messages.common.resourceNotFound}>
        <Link to={ROUTES.marketplace} className="btn btn-primary">
          {GARAGE_TEXT.backToMarketplace}
        </Link>
      </EmptyState>
    </div>
  );
}
