import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ROUTES } from '@rummage/contract';
import { FormSheet } from '../../shared/ui/FormSheet';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle';
import { createListing, markListingsStale } from './api';
import { ListingForm } from './form/ListingForm';
import { EMPTY_LISTING, toCreateForm } from './listingForm';
import { useTexts } from '../../shared/i18n/useTexts';

/** /create-product: the "listing details" form; success goes to /user-main (docs/product.md §2, §5, §8). */
export default function CreateProductPage() {
  const texts = useTexts();
  useDocumentTitle(texts.listing.createTitle);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <FormSheet
      title={texts.listing.detailsHeading}
      closeTo={ROUTES.userMain}
      closeLabel={texts.listing.close}
    >
      <ListingForm
        initialValues={EMPTY_LISTING}
        submitLabel={texts.listing.post}
        failureMessage={texts.listing.createFailed}
        onSubmit={async (values, _removed, onProgress) => {
          await createListing(toCreateForm(values), onProgress);
          markListingsStale(queryClient);
          navigate(ROUTES.userMain);
        }}
      />
    </FormSheet>
  );
}
