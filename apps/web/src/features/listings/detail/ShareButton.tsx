import { useEffect, useState } from 'react';
import { ROUTES, fillText } from '@rummage/contract';
import { actionButton } from './styles';
import { useTexts } from '../../../shared/i18n/useTexts';

const TOAST_MS = 4000;

/** The share link of a listing (docs/product.md §2: /product/{id}, which leads to its detail page). */
export function shareUrl(productId: number): string {
  return `${window.location.origin}${ROUTES.productShare(productId)}`;
}

async function copy(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Native share sheet when there is one; otherwise the link goes to the clipboard with a notice (docs/product.md §2). */
export function ShareButton({ productId, title }: { productId: number; title: string }) {
  // Each share is a new notice (`id`): the same words again are a new node in the live region, so a second share
  // is announced too, where unchanged text would be silent.
  const texts = useTexts();
  const [notice, setNotice] = useState<{ text: string; id: number } | null>(null);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  async function handleShare() {
    const url = shareUrl(productId);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // Closing the share sheet is a choice, not a failure.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    const text = (await copy(url)) ? texts.listing.linkCopied : fillText(texts.listing.copyFailed, { url });
    setNotice((current) => ({ text, id: (current?.id ?? 0) + 1 }));
  }

  return (
    <>
      <button type="button" className={actionButton} onClick={() => void handleShare()}>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5">
          <path
            d="M12 3v12M7 8l5-5 5 5M5 13v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        {texts.listing.share}
      </button>
      <div
        role="status"
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 bottom-6 z-50 flex justify-center px-4"
      >
        {notice && (
          <p
            key={notice.id}
            className="max-w-md rounded-full bg-stone-900 px-5 py-3 text-center text-sm font-semibold break-all text-white shadow-lg"
          >
            {notice.text}
          </p>
        )}
      </div>
    </>
  );
}
