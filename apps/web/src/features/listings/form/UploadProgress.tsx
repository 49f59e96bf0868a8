import { fillText } from '@rummage/contract';
import { useTexts } from '../../../shared/i18n/useTexts';

/** How much of the form (mostly photos) has been sent: a determinate bar fed by XMLHttpRequest progress. */
export function UploadProgress({ fraction }: { fraction: number }) {
  const texts = useTexts();
  const percent = Math.round(Math.max(0, Math.min(1, fraction)) * 100);
  const text = fillText(texts.listing.uploading, { percent });
  return (
    <div className="flex flex-col gap-1">
      <div className="flex justify-between text-sm font-semibold text-stone-700">
        <span id="listing-upload-label">{texts.listing.uploadLabel}</span>
        <span aria-hidden="true">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby="listing-upload-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        className="h-3 w-full overflow-hidden rounded-full bg-brand-100"
      >
        <div className="h-full rounded-full bg-brand transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
