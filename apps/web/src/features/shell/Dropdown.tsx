import { useCallback, useId, useRef, useState, type ReactNode } from 'react';
import { useDismiss } from '../../shared/ui/useDismiss';

/**
 * A disclosure-style dropdown: a real button toggling a list of links. Links are reachable with Tab,
 * and outside clicks, Escape and leaving the menu with the keyboard close it.
 */
export function Dropdown({
  trigger,
  triggerLabel,
  triggerClassName,
  children,
  align = 'right',
}: {
  trigger: ReactNode;
  triggerLabel: string;
  triggerClassName: string;
  /** Receives `close` so items can shut the menu when chosen. */
  children: (close: () => void) => ReactNode;
  align?: 'left' | 'right';
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, containerRef, buttonRef);

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={triggerLabel}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        className={triggerClassName}
      >
        {trigger}
      </button>
      <div
        id={menuId}
        hidden={!open}
        className={`absolute top-full z-50 mt-2 min-w-48 overflow-hidden rounded-xl border border-stone-200 bg-white py-1 shadow-lg ${
          align === 'right' ? 'right-0' : 'left-0'
        }`}
      >
        {open && <ul className="flex flex-col">{children(close)}</ul>}
      </div>
    </div>
  );
}

export const menuItemClass =
  'flex w-full items-center justify-between gap-3 px-4 py-2.5 text-left text-sm font-medium text-stone-800 hover:bg-brand-50 focus-visible:bg-brand-50';
