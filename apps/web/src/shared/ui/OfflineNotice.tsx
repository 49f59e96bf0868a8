import { useSyncExternalStore } from 'react';
import { onlineManager } from '@tanstack/react-query';
import { useTexts } from '../i18n/useTexts';

/**
 * Says the device is offline, in the offline page's words (docs/product.md §10), while it is: a page opened from a
 * link meanwhile waits for the network (its data queries pause until the connection is back, then load), and
 * would otherwise show its spinner with no word why. Nothing at all while online.
 */
export function OfflineNotice() {
  const N = useTexts().notifications;
  const online = useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
    () => true,
  );
  if (online) return null;
  return (
    <div role="status" className="mx-auto w-full max-w-6xl px-4 pt-4">
      <div className="flex flex-wrap items-center gap-3 rounded-xl border border-stone-300 bg-white px-4 py-3 text-sm text-stone-800">
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-stone-900">{N.offlineTitle}</p>
          <p>{N.offlineText}</p>
        </div>
        <button type="button" className="btn btn-outline shrink-0" onClick={() => window.location.reload()}>
          {N.offlineRetry}
        </button>
      </div>
    </div>
  );
}
