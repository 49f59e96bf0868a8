import { useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useModalFocus } from './useModalFocus';

export interface DialogProps {
  title: string;
  onClose(): void;
  children: ReactNode;
  /** "alertdialog" for questions that need an answer (confirmations, the login prompt). */
  role?: 'dialog' | 'alertdialog';
  /** Where focus starts; the first focusable element otherwise. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Fills the viewport (the large map). */
  fullScreen?: boolean;
  /** Hides the heading visually (it still names the dialog). */
  hideTitle?: boolean;
  closeLabel?: string;
}

/**
 * A modal dialog with a close button, mounted only while open; useModalFocus moves focus in and keeps it
 * there, Escape or the backdrop closes it, and focus goes back to whatever opened it.
 */
export function Dialog({
  title,
  onClose,
  children,
  role = 'dialog',
  initialFocusRef,
  fullScreen = false,
  hideTitle = false,
  closeLabel,
}: DialogProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const handleKeyDown = useModalFocus(dialogRef, initialFocusRef, { onCancel: onClose });

  return createPortal(
    <div
      className={`fixed inset-0 z-50 flex bg-stone-900/60 ${fullScreen ? '' : 'items-center justify-center p-4'}`}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={handleKeyDown}
        className={
          fullScreen
            ? 'flex h-full w-full flex-col bg-white outline-none'
            : 'card w-full max-w-md p-6 outline-none'
        }
      >
        <div
          className={`flex items-start justify-between gap-4 ${fullScreen ? 'border-b border-stone-200 px-4 py-3' : 'mb-4'}`}
        >
          <h2 id={titleId} className={hideTitle ? 'sr-only' : 'text-xl font-bold text-stone-900'}>
            {title}
          </h2>
          {closeLabel && (
            <button
              type="button"
              onClick={() => onClose()}
              aria-label={closeLabel}
              className="-mt-1 -mr-2 ml-auto flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-2xl text-stone-700 hover:bg-stone-100"
            >
              <span aria-hidden="true">×</span>
            </button>
          )}
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
