import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ROUTES, fillText, type ProductCard } from '@rummage/contract';
import { EMPTY_STORE_IMAGE } from '../../shared/api/assets';
import { refusalMessage } from '../../shared/api/client';
import { Banner } from '../../shared/ui/Banner';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { EmptyState } from '../../shared/ui/EmptyState';
import { Tabs } from '../../shared/ui/Tabs';
import { SoldToDialog } from '../deals';
import { FeedSpinner, ProductGrid } from '../feed';
import { useChangeSoldStatus, useUserListings } from './useUserListings';
import { useTexts } from '../../shared/i18n/useTexts';

interface PendingChange {
  product: ProductCard;
  isSold: boolean;
}

const actionClass =
  'inline-flex min-h-10 flex-auto items-center justify-center rounded-full px-3 text-sm font-semibold whitespace-nowrap';

/**
 * The "my store" and "sold items" tabs of a profile (docs/product.md §2 Profile, §4 sold status). On your own
 * profile every card has an edit link and Mark Sold, which asks who bought it (§19), or Mark Available, which asks
 * "are you sure?" first; afterwards both lists reload. Someone else's profile shows the lists without controls.
 */
export function ProfileListings({ userId, isOwn }: { userId: number | null; isOwn: boolean }) {
  const texts = useTexts();
  const unsold = useUserListings(userId, 'unsold');
  const sold = useUserListings(userId, 'sold');
  const changeStatus = useChangeSoldStatus(userId);
  const [pending, setPending] = useState<PendingChange | null>(null);
  /** Why the last change failed: the server's refusal (a listing staff hid meanwhile), else that it failed. */
  const [failure, setFailure] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const containerRef = useRef<HTMLDivElement>(null);

  /** `buyerId`: who bought it when marking sold (null: someone else, no deal); left out when marking available. */
  function confirmChange(buyerId?: number | null) {
    if (!pending) return;
    const { product, isSold } = pending;
    setPending(null);
    setFailure(null);
    setAnnouncement('');
    changeStatus.mutate(
      { productId: product.id, isSold, ...(isSold && { buyerId }) },
      {
        onSuccess: () => {
          setAnnouncement(texts.listing.statusUpdated);
          // The card (and the button that had focus) moved to the other list: keep keyboard users in place.
          const active = document.activeElement;
          if (!active || active === document.body || !active.isConnected)
            containerRef.current?.querySelector<HTMLElement>('[role="tabpanel"]:not([hidden])')?.focus();
        },
        onError: (error) => {
          console.error('Could not change the sold status of product', product.id, error);
          setFailure(refusalMessage(error) ?? texts.listing.soldStatusFailed);
        },
      },
    );
  }

  const busyId = changeStatus.isPending ? changeStatus.variables?.productId : undefined;

  /** Edit plus Mark Sold (`markSold`, my store) or Mark Available (sold items). */
  function ownActions(product: ProductCard, markSold: boolean): ReactNode {
    const title = product.title || product.name;
    const label = markSold ? texts.listing.markSold : texts.listing.markAvailable;
    return (
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          aria-haspopup="dialog"
          // aria-disabled rather than disabled: a disabled button would drop the keyboard focus.
          aria-disabled={busyId === product.id || undefined}
          onClick={() => {
            if (busyId !== product.id) setPending({ product, isSold: markSold });
          }}
          className={`${actionClass} bg-brand text-white hover:bg-brand-700 aria-disabled:cursor-wait aria-disabled:opacity-60`}
        >
          {label}
          <span className="sr-only">: {title}</span>
        </button>
        <Link
          to={ROUTES.editProduct(product.id)}
          className={`${actionClass} border border-stone-300 bg-white text-stone-800 hover:bg-stone-100`}
        >
          {texts.profile.edit}
          <span className="sr-only">: {title}</span>
        </Link>
      </div>
    );
  }

  function list(query: ReturnType<typeof useUserListings>, empty: ReactNode, markSold: boolean) {
    if (query.isPending && userId !== null) return <FeedSpinner />;
    if (query.isError) return <Banner>{texts.profile.listingsFailed}</Banner>;
    const products = query.data ?? [];
    if (products.length === 0) return empty;
    return (
      <ProductGrid
        products={products}
        renderActions={isOwn ? (product) => ownActions(product, markSold) : undefined}
      />
    );
  }

  const storeEmpty = isOwn ? (
    <EmptyState title={texts.profile.emptyStore} image={EMPTY_STORE_IMAGE}>
      <Link to={ROUTES.createProduct} className="btn btn-primary">
        {texts.profile.getStarted}
      </Link>
    </EmptyState>
  ) : (
    <EmptyState title={texts.profile.otherEmptyStore} image={EMPTY_STORE_IMAGE} />
  );

  return (
    <div ref={containerRef}>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {failure && (
        // Fixed to the bottom of the screen so it is seen however far down the list the button was.
        <div className="fixed inset-x-4 bottom-4 z-40 mx-auto max-w-md shadow-lg">
          <Banner onDismiss={() => setFailure(null)}>{failure}</Banner>
        </div>
      )}
      <Tabs
        label={texts.profile.tabsLabel}
        tabs={[
          {
            id: 'store',
            label: texts.profile.myStore,
            panel: list(unsold, storeEmpty, true),
          },
          {
            id: 'sold',
            label: texts.profile.soldItems,
            panel: list(sold, <EmptyState title={texts.profile.emptySold} />, false),
          },
        ]}
      />
      <SoldToDialog
        listing={
          pending?.isSold
            ? {
                id: pending.product.id,
                title: pending.product.title || pending.product.name,
                reservedUntil: pending.product.reservedUntil,
              }
            : null
        }
        description={
          pending
            ? fillText(texts.profile.confirmSold, { title: pending.product.title || pending.product.name })
            : ''
        }
        confirmLabel={texts.listing.markSold}
        cancelLabel={texts.profile.cancel}
        onConfirm={confirmChange}
        onCancel={() => setPending(null)}
      />
      <ConfirmDialog
        open={pending !== null && !pending.isSold}
        title={texts.listing.confirm}
        description={
          pending &&
          fillText(texts.profile.confirmAvailable, { title: pending.product.title || pending.product.name })
        }
        confirmLabel={texts.listing.markAvailable}
        cancelLabel={texts.profile.cancel}
        onConfirm={() => confirmChange()}
        onCancel={() => setPending(null)}
      />
    </div>
  );
}
