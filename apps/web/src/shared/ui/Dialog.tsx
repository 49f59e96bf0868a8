import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

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
 * A modal dialog, mounted only while open: focus moves in and is trapped, Escape or the backdrop closes it,
 * and focus goes back to whatever opened it.
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
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = dialogRef.current?.querySelector<HTMLElement>(FOCUSABLE);
    (initialFocusRef?.current ?? first ?? dialogRef.current)?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previousOverflow;
      if (opener?.isConnected) opener.focus();
    };
  }, [initialFocusRef]);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = Array.from(dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
      (element) => !element.closest('[hidden]'),
    );
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const current = document.activeElement;
    if (event.shiftKey && (current === first || !dialogRef.current.contains(current))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (current === last || !dialogRef.current.contains(current))) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <div
      className={`fixed inset-0 z-50 flex bg-stone-900/60 ${fullScreen ? '' : 'items-center justify-center p-4'}`}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onCloseRef.current();
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
              onClick={() => onCloseRef.current()}
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
