import { Link } from 'react-router';
import { ROUTES, messages } from '@rummage/contract';
import { EmptyState } from '../../shared/ui/EmptyState';
import { FormSheet } from '../../shared/ui/FormSheet';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle';
import { LISTING_TEXT } from './texts';

/**
 * /edit-product/{productId}: the "edit listing" form. Loading the listing (GET /api/Product/{id})
 * arrives with the listings issue; until a listing can be loaded there is nothing to edit.
 */
export default function EditProductPage() {
  useDocumentTitle(LISTING_TEXT.editTitle);
  return (
    <FormSheet title={messages.listing.editHeading} closeTo={ROUTES.userMain} closeLabel={LISTING_TEXT.close}>
      <EmptyState title={LISTING_TEXT.notFoundTitle} text={messages.common.resourceNotFound}>
        <Link to={ROUTES.userMain} className="btn btn-primary">
          {LISTING_TEXT.backToProfile}
        </Link>
      </EmptyState>
    </FormSheet>
  );
}
