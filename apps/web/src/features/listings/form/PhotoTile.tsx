import { useEffect, useState } from 'react';
import { useTexts } from '../../../shared/i18n/useTexts';

/** An object URL for a chosen file, made when shown and revoked when the preview goes away. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') return;
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => {
      URL.revokeObjectURL(next);
      setUrl(null);
    };
  }, [file]);
  return url;
}

const iconButton =
  'flex h-9 w-9 items-center justify-center rounded-full bg-white/95 text-lg font-bold text-stone-800 shadow ring-1 ring-stone-300 hover:bg-white disabled:cursor-not-allowed disabled:opacity-40';

export interface PhotoTileProps {
  /** data-photo-key, used to put focus back after a move. */
  photoKey: string;
  file?: File;
  src?: string;
  alt: string;
  position: number;
  isCover: boolean;
  disabled?: boolean;
  onMoveLeft?: () => void;
  onMoveRight?: () => void;
  onRemove(): void;
}

/** One photo of the listing form: a preview with earlier / remove / later buttons. */
export function PhotoTile({
  photoKey,
  file,
  src,
  alt,
  position,
  isCover,
  disabled = false,
  onMoveLeft,
  onMoveRight,
  onRemove,
}: PhotoTileProps) {
  const texts = useTexts();
  const objectUrl = useObjectUrl(file ?? null);
  const preview = src ?? objectUrl;
  const fill = (text: string) => text.replace('{position}', String(position));
  const showMoves = onMoveLeft !== undefined || onMoveRight !== undefined;
  return (
    <li
      data-photo-key={photoKey}
      className="relative overflow-hidden rounded-xl bg-stone-100 ring-1 ring-stone-200"
    >
      <div className="aspect-square w-full">
        {preview ? (
          <img src={preview} alt={alt} className="h-full w-full object-cover" />
        ) : (
          <div className="flex h-full w-full items-center justify-center p-2 text-center text-xs break-all text-stone-700">
            <span>
              <span className="sr-only">{alt}: </span>
              {file?.name}
            </span>
          </div>
        )}
      </div>
      {isCover && (
        <span className="absolute top-2 left-2 rounded-full bg-brand px-2 py-0.5 text-xs font-bold text-white">
          {texts.listing.cover}
        </span>
      )}
      <div className="absolute inset-x-0 bottom-0 flex items-center justify-between gap-1 bg-gradient-to-t from-black/50 to-transparent p-1.5">
        {showMoves ? (
          <button
            type="button"
            data-action="left"
            className={iconButton}
            aria-label={fill(texts.listing.moveLeft)}
            disabled={disabled || !onMoveLeft}
            onClick={onMoveLeft}
          >
            <span aria-hidden="true">‹</span>
          </button>
        ) : (
          <span />
        )}
        <button
          type="button"
          data-action="remove"
          className={`${iconButton} text-red-700`}
          aria-label={fill(texts.listing.removePhoto)}
          disabled={disabled}
          onClick={onRemove}
        >
          <span aria-hidden="true">×</span>
        </button>
        {showMoves ? (
          <button
            type="button"
            data-action="right"
            className={iconButton}
            aria-label={fill(texts.listing.moveRight)}
            disabled={disabled || !onMoveRight}
            onClick={onMoveRight}
          >
            <span aria-hidden="true">›</span>
          </button>
        ) : (
          <span />
        )}
      </div>
    </li>
  );
}
