import { SPINNER_DEFAULT_SIZE_PX } from '@rummage/contract';
import { useTexts } from '../i18n/useTexts';

/**
 * A busy indicator that screen readers announce as "Loading" in the page's language. `fillScreen` holds a screen of room while
 * a page or a list's first page loads, so what replaces it does not shove the footer around (no layout shift).
 */
export function Spinner({
  size = SPINNER_DEFAULT_SIZE_PX,
  label,
  fillScreen = false,
}: {
  size?: number;
  label?: string;
  fillScreen?: boolean;
}) {
  const texts = useTexts();
  return (
    <div role="status" className={`flex justify-center py-8 ${fillScreen ? 'min-h-dvh items-start' : ''}`}>
      <span
        aria-hidden="true"
        className="inline-block animate-spin rounded-full border-4 border-brand-100 border-t-brand"
        style={{ width: size, height: size }}
      />
      <span className="sr-only">{label ?? texts.common.loading}</span>
    </div>
  );
}
