import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { ROUTES } from '@rummage/contract';
import { ApiError } from '../../shared/api/client';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { useSession } from '../../shared/session/SessionContext';
import { EmptyState } from '../../shared/ui/EmptyState';
import { FormSheet } from '../../shared/ui/FormSheet';
import { Spinner } from '../../shared/ui/Spinner';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle';
import { deleteListing, markListingsStale, updateListing, useProduct } from './api';
import { ListingForm } from './form/ListingForm';
import { toUpdateForm, valuesFromProduct } from './listingForm';
import { parseProductId } from './productId';
import { useLocale, useTexts } from '../../shared/i18n/useTexts';

/** /edit-product/{productId}: the "edit listing" form, for the seller only; update or delete go to /user-main. */
export default function EditProductPage() {
  const texts = useTexts();
  const locale = useLocale();
  useDocumentTitle(texts.listing.editTitle);
  const productId = parseProductId(useParams().productId);
  const { session } = useSession();
  const product = useProduct(productId);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const frame = (body: ReactNode) => (
    <FormSheet title={texts.listing.editHeading} closeTo={ROUTES.userMain} closeLabel={texts.listing.close}>
      {body}
    </FormSheet>
  );

  if (productId !== null && product.isPending) return frame(<Spinner label={texts.listing.loading} />);

  if (productId === null || product.isError || !product.data) {
    const error = product.error;
    // A 404 (or no id) is "not available"; anything else (network, server) says what went wrong.
    const text = error instanceof ApiError && error.status !== 404 ? error.message : texts.listing.notFound;
    return frame(
      <EmptyState title={texts.listing.notFoundTitle} text={text}>
        <Link to={ROUTES.userMain} className="btn btn-primary">
          {texts.listing.backToProfile}
        </Link>
      </EmptyState>,
    );
  }

  const listing = product.data;
  const isOwner = listing.isOwner || (session !== null && session.userId === listing.userId);
  if (!isOwner) {
    return frame(
      <EmptyState title={texts.listing.notOwnerTitle} text={texts.listing.notOwner}>
        <Link to={ROUTES.productDetail(listing.id)} className="btn btn-primary">
          {texts.listing.viewListing}
        </Link>
      </EmptyState>,
    );
  }

  async function handleDelete() {
    setDeleting(true);
    // docs/product.md §7: a failed delete is ignored; the seller always lands on their profile.
    await deleteListing(listing.id).catch(() => undefined);
    markListingsStale(queryClient);
    navigate(ROUTES.userMain);
  }

  return frame(
    <>
      <ListingForm
        key={listing.id}
        initialValues={valuesFromProduct(listing, locale)}
        submitLabel={texts.listing.save}
        failureMessage={texts.listing.updateFailed}
        locked={deleting}
        onSubmit={async (values, removed, onProgress) => {
          await updateListing(toUpdateForm(listing.id, values, removed), onProgress);
          markListingsStale(queryClient);
          navigate(ROUTES.userMain);
        }}
        footer={
          <button
            type="button"
            className="btn w-full border-2 border-red-700 bg-white text-red-800 hover:bg-red-50"
            onClick={() => setConfirming(true)}
            disabled={deleting}
            aria-haspopup="dialog"
          >
            {deleting ? texts.listing.deleting : texts.listing.delete}
          </button>
        }
      />
      <ConfirmDialog
        open={confirming}
        title={texts.listing.deleteTitle}
        description={texts.listing.deleteText}
        confirmLabel={texts.listing.delete}
        cancelLabel={texts.listing.cancel}
        busy={deleting}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void handleDelete();
        }}
      />
    </>,
  );
}
