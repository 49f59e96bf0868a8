import { useId, useRef, type ReactNode, type RefObject } from 'react';
import { useModalFocus } from './useModalFocus';

export interface ModalFrameProps {
  /** 'alertdialog' for a question that interrupts, 'dialog' for one that asks for input. */
  role: 'dialog' | 'alertdialog';
  title: string;
  /** What will happen, read out with the title. */
  description?: ReactNode;
  /** Where focus starts: the safe choice of a question, the field of a form. */
  initialFocus: RefObject<HTMLElement | null>;
  width: 'sm' | 'md';
  /** Keeps Escape and the backdrop from cancelling while the action runs. */
  busy: boolean;
  onCancel(): void;
  children: ReactNode;
}

/**
 * The backdrop, panel, title and description every modal of the app shares, with useModalFocus's keyboard and
 * focus behaviour; a press on the backdrop cancels like Escape.
 */
export function ModalFrame({
  role,
  title,
  description,
  initialFocus,
  width,
  busy,
  onCancel,
  children,
}: ModalFrameProps) {
  const titleId = useId();
  const descriptionId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const handleKeyDown = useModalFocus(dialogRef, initialFocus, { busy, onCancel });

  return (
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-stone-900/50 p-4"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && !busy) onCancel();
      }}
    >
      <div
        ref={dialogRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        aria-busy={busy || undefined}
        onKeyDown={handleKeyDown}
        className={`w-full ${width === 'sm' ? 'max-w-sm' : 'max-w-md'} rounded-2xl bg-white p-6 shadow-xl`}
      >
        <h2 id={titleId} className="text-xl font-bold text-stone-900">
          {title}
        </h2>
        {description && (
          <p id={descriptionId} className="mt-2 text-stone-700">
            {description}
          </p>
        )}
        {children}
      </div>
    </div>
  );
}
