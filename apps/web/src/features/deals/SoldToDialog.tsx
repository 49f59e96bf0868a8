import { useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { fillText } from '@rummage/contract';
import { refusalMessage } from '../../shared/api/client';
import { ModalFrame } from '../../shared/ui/ModalFrame';
import { useDealBuyers } from './api';
import { useTexts } from '../../shared/i18n/useTexts';

export interface SoldToListing {
  id: number;
  title: string;
  /** The hold's end: while it lasts the first person listed is the buyer it is for, chosen from the start. */
  reservedUntil: string | null;
}

export interface SoldToDialogProps {
  listing: SoldToListing | null;
  /** What marking it sold does, read out with the title. */
  description: string;
  confirmLabel: string;
  cancelLabel: string;
  /** `null`: someone else, no deal and no rating. */
  onConfirm(buyerId: number | null): void;
  onCancel(): void;
}

/**
 * "Mark as sold to…" (docs/product.md §19): the seller picks who bought the item among the people who chatted about
 * it, the reserved buyer first and chosen, or "Someone else (no rating)". Without a hold nothing is chosen for
 * them, so a deal (and its ratings) is never made with someone by mistake.
 */
export function SoldToDialog(props: SoldToDialogProps) {
  if (!props.listing || typeof document === 'undefined') return null;
  return createPortal(
    <SoldToBody key={props.listing.id} {...props} listing={props.listing} />,
    document.body,
  );
}

const NOBODY = 'nobody';

function SoldToBody({
  listing,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
}: SoldToDialogProps & { listing: SoldToListing }) {
  const D = useTexts().deals;
  const buyers = useDealBuyers(listing.id);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const held = listing.reservedUntil !== null && Date.parse(listing.reservedUntil) > Date.now();
  const people = buyers.data ?? [];
  const reservedId = held ? people[0]?.id : undefined;
  // The reserved buyer is the server's default too; until the list is in, nothing can be confirmed.
  const choice = picked ?? (reservedId !== undefined ? String(reservedId) : null);
  const ready = !buyers.isPending;

  return (
    <ModalFrame
      role="dialog"
      title={D.markSoldTo}
      description={description}
      initialFocus={cancelRef}
      width="md"
      busy={false}
      onCancel={onCancel}
    >
      <form
        className="mt-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (choice === null) return;
          onConfirm(choice === NOBODY ? null : Number(choice));
        }}
      >
        <fieldset aria-busy={!ready || undefined}>
          <legend className="font-semibold text-stone-900">{D.soldToLegend}</legend>
          {buyers.isError && (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {/* A refusal says why (staff hid the listing: its sale makes no deal), a failure that it failed. */}
              {refusalMessage(buyers.error) ?? D.buyersFailed}
            </p>
          )}
          <div className="mt-2 flex max-h-64 flex-col gap-1 overflow-y-auto">
            {people.map((person) => (
              <label
                key={person.id}
                className="flex min-h-11 items-center gap-3 rounded-lg px-2 hover:bg-stone-50"
              >
                <input
                  type="radio"
                  name="sold-to"
                  value={String(person.id)}
                  checked={choice === String(person.id)}
                  onChange={(event) => setPicked(event.target.value)}
                  className="h-5 w-5 accent-brand"
                />
                <span className="min-w-0 break-words">
                  {person.id === reservedId
                    ? fillText(D.soldToReserved, { name: person.userName })
                    : person.userName}
                </span>
              </label>
            ))}
            <label className="flex min-h-11 items-center gap-3 rounded-lg px-2 hover:bg-stone-50">
              <input
                type="radio"
                name="sold-to"
                value={NOBODY}
                checked={choice === NOBODY}
                onChange={(event) => setPicked(event.target.value)}
                className="h-5 w-5 accent-brand"
              />
              <span>{D.soldToNobody}</span>
            </label>
          </div>
          {people.length > 0 && <p className="mt-2 text-sm text-stone-700">{D.soldToHint}</p>}
        </fieldset>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <button ref={cancelRef} type="button" className="btn btn-outline" onClick={onCancel}>
            {cancelLabel}
          </button>
          <button type="submit" className="btn btn-primary" disabled={!ready || choice === null}>
            {confirmLabel}
          </button>
        </div>
      </form>
    </ModalFrame>
  );
}
