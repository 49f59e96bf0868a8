import { useState } from 'react';
import { ChangeLocationDialog, useSavedLocation } from '../location';
import { useTexts } from '../../shared/i18n/useTexts';

/** Shows the saved address (or "Set Location") and opens the Change Location dialog (docs/product.md §2). */
export function LocationBar() {
  const texts = useTexts();
  const { address } = useSavedLocation();
  const [open, setOpen] = useState(false);
  return (
    <div className="border-t border-stone-200 bg-brand-50">
      <div className="mx-auto flex max-w-6xl items-center px-4 py-1.5">
        <button
          type="button"
          onClick={() => setOpen(true)}
          aria-haspopup="dialog"
          className="flex min-h-9 max-w-full items-center gap-2 rounded-full px-2 text-sm font-medium text-brand-800 hover:bg-brand-100"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4 shrink-0 fill-current">
            <path d="M12 2a7 7 0 0 0-7 7c0 5.25 7 13 7 13s7-7.75 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z" />
          </svg>
          <span className="sr-only">{texts.header.yourLocation}: </span>
          <span className="truncate">{address || texts.header.setLocation}</span>
        </button>
      </div>
      <ChangeLocationDialog open={open} onClose={() => setOpen(false)} />
    </div>
  );
}
