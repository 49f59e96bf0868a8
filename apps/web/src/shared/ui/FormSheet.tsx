import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * The frame of the create/edit forms: an optional tag ("sell"), a title, and a close link back to
 * where the person came from (docs/product.md §2 Create listing, Edit listing, Create garage sale).
 */
export function FormSheet({
  tag,
  title,
  closeTo,
  closeLabel,
  children,
}: {
  tag?: string;
  title: string;
  closeTo: string;
  closeLabel: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-6 md:py-10">
      <div className="card p-5 md:p-8">
        <div className="mb-6 flex items-start justify-between gap-4">
          <div>
            {tag && (
              <p className="mb-1 inline-block rounded-full bg-accent-100 px-3 py-0.5 text-xs font-bold tracking-wide text-accent-700">
                {tag}
              </p>
            )}
            <h1 className="text-2xl font-bold text-stone-900">{title}</h1>
          </div>
          <Link
            to={closeTo}
            aria-label={closeLabel}
            className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-2xl text-stone-700 hover:bg-stone-100"
          >
            <span aria-hidden="true">×</span>
          </Link>
        </div>
        {children}
      </div>
    </div>
  );
}
