import { useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { ModalFrame } from './ModalFrame';

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
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <ModalFrame
      role="alertdialog"
      title={title}
      description={description}
      initialFocus={cancelRef}
      width="sm"
      busy={busy}
      onCancel={onCancel}
    >
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button ref={cancelRef} type="button" className="btn btn-outline" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </button>
        <button type="button" className="btn btn-primary" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </button>
      </div>
    </ModalFrame>
  );
}
