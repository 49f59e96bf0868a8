import { useState } from 'react';
import { Link } from 'react-router';
import { ROUTES, messages } from '@rummage/contract';
import { ChangeLocationDialog } from '../location/ChangeLocationDialog';
import { MARKETPLACE_TEXT } from './texts';

/**
 * The end-of-feed block under a feed that had listings: change location (opens the dialog) and create
 * listing (SPEC §2 Marketplace). An empty feed shows NoListingsPanel instead.
 */
export function EndOfFeed() {
  const [dialogOpen, setDialogOpen] = useState(false);
  return (
    <section
      aria-labelledby="end-of-feed-title"
      className="mx-auto flex w-full max-w-xl flex-col items-center gap-2 border-t border-stone-200 px-4 pt-8 pb-4 text-center"
    >
      <h2 id="end-of-feed-title" className="text-lg font-bold text-stone-900">
        {MARKETPLACE_TEXT.endTitle}
      </h2>
      <p className="text-stone-700">{MARKETPLACE_TEXT.endText}</p>
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => setDialogOpen(true)}
          aria-haspopup="dialog"
        >
          {messages.home.changeLocation}
        </button>
        <Link to={ROUTES.createProduct} className="btn btn-primary">
          {messages.home.createListing}
        </Link>
      </div>
      <ChangeLocationDialog open={dialogOpen} onClose={() => setDialogOpen(false)} />
    </section>
  );
}
