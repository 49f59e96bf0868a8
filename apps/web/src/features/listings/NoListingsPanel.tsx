import { useState } from 'react';
import { Link } from 'react-router';
import { ROUTES, messages } from '@rummage/contract';
import { ChangeLocationDialog } from '../location/ChangeLocationDialog';

/**
 * "No Listings Nearby" with change-location and create-listing buttons: the home page's empty state
 * and the marketplace's end-of-feed block (SPEC §2).
 */
export function NoListingsPanel({ title = messages.home.noListingsTitle }: { title?: string }) {
  const [dialogOpen, setDialogOpen] = useState(false);
  return (
    <section
      aria-labelledby="no-listings-title"
      className="card mx-auto flex w-full max-w-xl flex-col items-center gap-3 px-6 py-10 text-center"
    >
      <svg aria-hidden="true" viewBox="0 0 64 64" className="h-20 w-20 text-brand-300">
        <circle cx="28" cy="28" r="18" fill="none" stroke="currentColor" strokeWidth="5" />
        <path d="m41 41 14 14" stroke="currentColor" strokeWidth="6" strokeLinecap="round" />
      </svg>
      <h2 id="no-listings-title" className="text-xl font-bold text-stone-900">
        {title}
      </h2>
      <p className="text-stone-700">{messages.home.noListingsText}</p>
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
