import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useModalFocus } from './useModalFocus';

export interface ConfirmDialogProps {
  open: boolean;
  /** The question, e.g. "are you sure?". */
  title: string;
  /** What will happen, read out with the title. */
  description?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** Disables both buttons while the action runs. */
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * A modal yes/no question (role="alertdialog"). Focus starts on Cancel, the safe choice, stays inside
 * while open, and goes back to the opener afterwards; Escape and a press on the backdrop cancel.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  if (!props.open || typeof document === 'undefined') return null;
  return createPortal(<ConfirmDialogBody {...props} />, document.body);
}

function ConfirmDialogBody({
  title,
  description,
  confirmLabel,
  cancelLabel,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  const handleKeyDown = useModalFocus(dialogRef, cancelRef, { busy, onCancel });

  return (
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-stone-900/50 p-4"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && !busy) onCancel();
      }}
    >
      <div
        ref={dialogRef}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        aria-busy={busy || undefined}
        onKeyDown={handleKeyDown}
        className="w-full max-w-sm rounded-2xl bg-white p-6 shadow-xl"
      >
        <h2 id={titleId} className="text-xl font-bold text-stone-900">
          {title}
        </h2>
        {description && (
          <p id={descriptionId} className="mt-2 text-stone-700">
            {description}
          </p>
        )}
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <button
            ref={cancelRef}
            type="button"
            className="btn btn-outline"
            onClick={onCancel}
            disabled={busy}
          >
            {cancelLabel}
          </button>
          <button type="button" className="btn btn-primary" onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
