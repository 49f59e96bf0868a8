import { useState } from 'react';
import { Link } from 'react-router';
import { ROUTES, fillText, type GarageSale } from '@rummage/contract';
import { Banner } from '../../shared/ui/Banner';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { GarageSaleCard, salePlace, useDeleteGarageSale, useLiveSales, useUserGarageSales } from '../garage';
import { useTexts } from '../../shared/i18n/useTexts';

/**
 * A profile's garage sales (GET /api/GarageSale/user/{userId}); those whose end date and time have passed
 * are hidden (docs/product.md §4). On your own profile each has "delete", asked first (ConfirmDialog), then
 * DELETE /api/GarageSale/delete/{id}; a failure shows "Failed to delete garage sale.". Nothing shows while
 * there are no sales.
 */
export function ProfileGarageSales({ userId, isOwn }: { userId: number | null; isOwn: boolean }) {
  const texts = useTexts();
  const query = useUserGarageSales(userId);
  const sales = useLiveSales(query.data, { deleteEnded: false });
  const remove = useDeleteGarageSale();
  const [pending, setPending] = useState<GarageSale | null>(null);
  const [failed, setFailed] = useState(false);
  const [announcement, setAnnouncement] = useState('');

  function confirmDelete() {
    if (!pending) return;
    const sale = pending;
    setFailed(false);
    setAnnouncement('');
    remove.mutate(sale.id, {
      onSuccess: () => {
        setPending(null);
        setAnnouncement(texts.garage.deleted);
      },
      onError: (error) => {
        console.error('Could not delete garage sale', sale.id, error);
        setPending(null);
        setFailed(true);
      },
    });
  }

  const heading = isOwn ? texts.garage.mySales : texts.garage.hostSales;
  const showList = sales.length > 0;

  return (
    <>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {failed && (
        // Fixed to the bottom of the screen so it is seen however far down the list the button was.
        <div className="fixed inset-x-4 bottom-4 z-40 mx-auto max-w-md shadow-lg">
          <Banner onDismiss={() => setFailed(false)}>{texts.garage.deleteFailed}</Banner>
        </div>
      )}
      {query.isError && <Banner>{texts.garage.salesFailed}</Banner>}
      {showList && (
        <section aria-labelledby="profile-garage-heading" className="mb-8">
          <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
            <h2 id="profile-garage-heading" className="text-xl font-bold text-stone-900">
              {heading}
            </h2>
            {isOwn && (
              <Link to={ROUTES.createGarage} className="text-sm font-semibold text-brand-700 underline">
                <span aria-hidden="true">+ </span>
                {texts.garage.newSale}
              </Link>
            )}
          </div>
          <ul
            aria-labelledby="profile-garage-heading"
            className="grid grid-cols-2 gap-3 md:grid-cols-3 md:gap-5 lg:grid-cols-4"
          >
            {sales.map((sale) => (
              <li key={sale.id} className="flex flex-col gap-2">
                <div className="flex-1">
                  <GarageSaleCard sale={sale} />
                </div>
                {isOwn && (
                  <button
                    type="button"
                    aria-haspopup="dialog"
                    // Named with the sale so a list of "delete" buttons can be told apart.
                    aria-label={fillText(texts.garage.deleteSaleLabel, {
                      headline: fillText(texts.garage.headline, { place: salePlace(sale) }),
                    })}
                    onClick={() => setPending(sale)}
                    className="inline-flex min-h-10 items-center justify-center rounded-full border border-red-300 bg-white px-3 text-sm font-semibold text-red-800 hover:bg-red-50"
                  >
                    {texts.garage.delete}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={texts.garage.deleteQuestion}
        description={pending && fillText(texts.garage.deleteText, { place: salePlace(pending) })}
        confirmLabel={remove.isPending ? texts.garage.deleting : texts.garage.delete}
        cancelLabel={texts.garage.cancel}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setPending(null)}
      />
    </>
  );
}
