import { useState } from 'react';
import { Link } from 'react-router';
import { ROUTES } from '@rummage/contract';
import { ChangeLocationDialog } from '../location';
import { useTexts } from '../../shared/i18n/useTexts';

/** "Change Location" (opens the dialog) and "Create Listing": what an empty or finished feed offers (docs/product.md §2). */
export function FeedActions() {
  const texts = useTexts();
  const [dialogOpen, setDialogOpen] = useState(false);
  return (
    <div className="mt-2 flex flex-wrap justify-center gap-3">
      <button
        type="button"
        className="btn btn-outline"
        onClick={() => setDialogOpen(true)}
        aria-haspopup="dialog"
      >
        {texts.home.changeLocation}
      </button>
      <Link to={ROUTES.createProduct} className="btn btn-primary">
        {texts.home.createListing}
      </Link>
      <ChangeLocationDialog open={dialogOpen} onClose={() => setDialogOpen(false)} />
    </div>
  );
}
