import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { fillText } from '@rummage/contract';
import {
  IMAGE_ACCEPT,
  MAX_LISTING_IMAGES,
  isAllowedImage,
  type ExistingImage,
  type NewImage,
} from '../listingForm';
import { PhotoTile } from './PhotoTile';
import { useTexts } from '../../../shared/i18n/useTexts';

let nextKey = 0;
const newKey = () => `photo-${++nextKey}`;

export interface ImagePickerProps {
  id: string;
  /** Photos the listing already has (edit form); they keep their order and can only be removed. */
  existing: ExistingImage[];
  images: NewImage[];
  onImagesChange(images: NewImage[]): void;
  onRemoveExisting(url: string): void;
  /** A chosen file was refused here (type, count); the form shows the message. */
  onRejected(message: string): void;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
}

interface FocusRequest {
  key: string | null;
  action: 'left' | 'right' | 'remove';
}

/** The listing's photos: a file input (JPG/PNG, up to 10) and previews that can be reordered and removed. */
export function ImagePicker({
  id,
  existing,
  images,
  onImagesChange,
  onRemoveExisting,
  onRejected,
  invalid = false,
  describedBy,
  disabled = false,
}: ImagePickerProps) {
  const texts = useTexts();
  const listRef = useRef<HTMLUListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const focusRequest = useRef<FocusRequest | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const total = existing.length + images.length;
  const full = total >= MAX_LISTING_IMAGES;

  // Moving a photo re-renders the list; keep the keyboard on the same photo (or the nearest sensible button).
  useEffect(() => {
    const request = focusRequest.current;
    if (!request) return;
    focusRequest.current = null;
    const tile = request.key
      ? listRef.current?.querySelector<HTMLElement>(`[data-photo-key="${request.key}"]`)
      : null;
    if (!tile) {
      inputRef.current?.focus();
      return;
    }
    const order = [request.action, 'left', 'right', 'remove'];
    for (const action of order) {
      const button = tile.querySelector<HTMLButtonElement>(`button[data-action="${action}"]`);
      if (button && !button.disabled) {
        button.focus();
        return;
      }
    }
  }, [images, existing]);

  function handleFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    // Clear the input so choosing the same file again still counts as a change.
    event.target.value = '';
    if (files.length === 0) return;
    const accepted = files.filter(isAllowedImage);
    const room = Math.max(0, MAX_LISTING_IMAGES - total);
    const added = accepted.slice(0, room).map((file) => ({ key: newKey(), file }));
    if (added.length > 0) onImagesChange([...images, ...added]);
    if (accepted.length < files.length) onRejected(texts.listing.imageType);
    else if (added.length < accepted.length)
      onRejected(fillText(texts.listing.tooManyImages, { max: MAX_LISTING_IMAGES }));
  }

  function move(index: number, delta: -1 | 1) {
    const target = index + delta;
    const moved = images[index];
    if (!moved || target < 0 || target >= images.length) return;
    const next = [...images];
    next.splice(index, 1);
    next.splice(target, 0, moved);
    focusRequest.current = { key: moved.key, action: delta < 0 ? 'left' : 'right' };
    setAnnouncement(
      fillText(texts.listing.photoMoved, { position: existing.length + target + 1, count: total }),
    );
    onImagesChange(next);
  }

  function removeNew(index: number) {
    const neighbour = images[index + 1] ?? images[index - 1];
    focusRequest.current = { key: neighbour?.key ?? null, action: 'remove' };
    setAnnouncement(texts.listing.photoRemoved);
    onImagesChange(images.filter((_, i) => i !== index));
  }

  function removeExisting(index: number) {
    const neighbour = existing[index + 1] ?? existing[index - 1];
    focusRequest.current = {
      key: neighbour ? `existing-${neighbour.url}` : (images[0]?.key ?? null),
      action: 'remove',
    };
    setAnnouncement(texts.listing.photoRemoved);
    const removed = existing[index];
    if (removed) onRemoveExisting(removed.url);
  }

  const hintId = `${id}-hint`;
  return (
    <fieldset className="min-w-0">
      <legend className="field-label">{texts.listing.images}</legend>
      {total > 0 && (
        <ul ref={listRef} className="mb-3 grid grid-cols-2 gap-2 sm:grid-cols-3 md:grid-cols-4">
          {existing.map((image, index) => (
            <PhotoTile
              key={image.url}
              photoKey={`existing-${image.url}`}
              src={image.thumbnail}
              alt={fillText(texts.listing.existingPhotoAlt, { position: index + 1 })}
              position={index + 1}
              isCover={index === 0}
              disabled={disabled}
              onRemove={() => removeExisting(index)}
            />
          ))}
          {images.map((image, index) => {
            const position = existing.length + index + 1;
            return (
              <PhotoTile
                key={image.key}
                photoKey={image.key}
                file={image.file}
                alt={fillText(texts.listing.photoAlt, { position, count: total })}
                position={position}
                isCover={position === 1}
                disabled={disabled}
                onMoveLeft={index > 0 ? () => move(index, -1) : undefined}
                onMoveRight={index < images.length - 1 ? () => move(index, 1) : undefined}
                onRemove={() => removeNew(index)}
              />
            );
          })}
        </ul>
      )}
      {/* The input itself stays in the Tab order (visually hidden); its label is the visible drop zone. */}
      <input
        ref={inputRef}
        id={id}
        type="file"
        multiple
        accept={IMAGE_ACCEPT}
        aria-describedby={[hintId, describedBy].filter(Boolean).join(' ')}
        aria-invalid={invalid || undefined}
        onChange={handleFiles}
        disabled={full || disabled}
        className="peer sr-only"
      />
      <label
        htmlFor={id}
        className={`flex min-h-16 cursor-pointer items-center justify-center gap-2 rounded-xl border-2 border-dashed bg-stone-50 px-4 py-3 font-semibold text-brand-700 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent peer-disabled:cursor-not-allowed peer-disabled:opacity-60 hover:bg-brand-50 ${
          invalid ? 'border-red-700' : 'border-stone-400'
        }`}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6">
          <path
            d="M12 5v14M5 12h14"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinecap="round"
          />
        </svg>
        {texts.listing.addImages}
      </label>
      <p id={hintId} className="mt-1 text-xs text-stone-600">
        {fillText(texts.listing.imagesHint, { max: MAX_LISTING_IMAGES })}
        {total > 0 &&
          ` · ${fillText(texts.listing.selectedImages, { count: total, max: MAX_LISTING_IMAGES })}`}
      </p>
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </fieldset>
  );
}
