import type { ReactNode } from 'react';
import { useTexts } from '../i18n/useTexts';

type Tone = 'error' | 'success' | 'info';

const toneClasses: Record<Tone, string> = {
  error: 'border-red-300 bg-red-50 text-red-800',
  success: 'border-brand-200 bg-brand-50 text-brand-800',
  info: 'border-stone-300 bg-white text-stone-800',
};

/**
 * A message above a form. Errors use role="alert" so they are read out the moment they appear;
 * a dismiss button is shown when `onDismiss` is given.
 */
export function Banner({
  tone = 'error',
  children,
  onDismiss,
}: {
  tone?: Tone;
  children: ReactNode;
  onDismiss?: () => void;
}) {
  const texts = useTexts();
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`flex items-start gap-3 rounded-xl border px-4 py-3 text-sm ${toneClasses[tone]}`}
    >
      <div className="flex-1">{children}</div>
      {onDismiss && (
        <button
          type="button"
          onClick={onDismiss}
          aria-label={texts.common.dismissMessage}
          className="-my-1 -mr-2 rounded-full px-2 py-1 text-lg leading-none hover:bg-black/5"
        >
          <span aria-hidden="true">×</span>
        </button>
      )}
    </div>
  );
}
