import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { CAROUSEL_SWIPE_THRESHOLD_PX, fillText } from '@rummage/contract';
import { PRODUCT_PLACEHOLDER_IMAGE, assetUrl } from '../../../shared/api/assets';
import { useTexts } from '../../../shared/i18n/useTexts';

/** The next index, wrapping from last to first and first to last (docs/product.md §2). */
export function wrapIndex(index: number, count: number): number {
  return count === 0 ? 0 : ((index % count) + count) % count;
}

const arrowButton =
  'absolute top-1/2 z-10 flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-2xl font-bold text-stone-800 shadow-md ring-1 ring-stone-300 hover:bg-white';

/**
 * The listing's photos (large variant): previous/next buttons, dots, arrow keys, and a horizontal swipe of
 * more than 100 px (pointer events, so touch, pen and mouse all work).
 */
export function ImageCarousel({ images, title }: { images: string[]; title: string }) {
  const texts = useTexts();
  const [index, setIndex] = useState(0);
  const swipeStart = useRef<{ x: number; pointerId: number } | null>(null);
  const count = images.length;
  const current = wrapIndex(index, count);

  // Fetch the neighbours ahead of time, so a swipe shows the next photo at once.
  useEffect(() => {
    if (count < 2) return;
    for (const neighbour of [wrapIndex(current + 1, count), wrapIndex(current - 1, count)]) {
      const src = images[neighbour];
      if (src) new Image().src = assetUrl(src, PRODUCT_PLACEHOLDER_IMAGE);
    }
  }, [current, count, images]);

  const go = (delta: number) => setIndex((value) => wrapIndex(value + delta, count));

  function handlePointerDown(event: PointerEvent<HTMLDivElement>) {
    if (count < 2 || (event.pointerType === 'mouse' && event.button !== 0)) return;
    swipeStart.current = { x: event.clientX, pointerId: event.pointerId };
  }

  function handlePointerUp(event: PointerEvent<HTMLDivElement>) {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start || start.pointerId !== event.pointerId) return;
    const distance = event.clientX - start.x;
    if (Math.abs(distance) <= CAROUSEL_SWIPE_THRESHOLD_PX) return;
    // Dragging left brings in the next photo, as on a phone.
    go(distance < 0 ? 1 : -1);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (count < 2) return;
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(-1);
    }
  }

  const src = assetUrl(images[current], PRODUCT_PLACEHOLDER_IMAGE);
  const slideLabel = fillText(texts.listing.slideLabel, { position: current + 1, count });
  return (
    <section
      aria-roledescription="carousel"
      aria-label={fillText(texts.listing.carouselLabel, { title })}
      className="relative overflow-hidden rounded-2xl bg-stone-100"
    >
      <div
        role="group"
        aria-roledescription="slide"
        aria-label={count > 0 ? slideLabel : texts.listing.noPhotos}
        tabIndex={count > 1 ? 0 : undefined}
        onKeyDown={handleKeyDown}
        onPointerDown={handlePointerDown}
        onPointerUp={handlePointerUp}
        onPointerCancel={() => {
          swipeStart.current = null;
        }}
        data-testid="carousel-slide"
        className="flex aspect-[4/3] w-full touch-pan-y items-center justify-center select-none"
      >
        <img
          src={src}
          alt={count > 0 ? `${title} (${slideLabel})` : title}
          draggable={false}
          // The photo is what the page is for, and the largest thing on it: fetch it before anything else.
          fetchPriority="high"
          className="h-full w-full object-contain"
        />
      </div>
      {count > 1 && (
        <>
          <button
            type="button"
            className={`${arrowButton} left-3`}
            aria-label={texts.listing.previousImage}
            onClick={() => go(-1)}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            className={`${arrowButton} right-3`}
            aria-label={texts.listing.nextImage}
            onClick={() => go(1)}
          >
            <span aria-hidden="true">›</span>
          </button>
          <div className="absolute inset-x-0 bottom-3 flex justify-center">
            <div className="flex gap-1 rounded-full bg-black/40 px-2 py-1">
              {images.map((image, position) => (
                <button
                  key={image}
                  type="button"
                  aria-label={fillText(texts.listing.showImage, { position: position + 1 })}
                  aria-current={position === current ? 'true' : undefined}
                  onClick={() => setIndex(position)}
                  className="flex h-6 w-6 items-center justify-center"
                >
                  <span
                    aria-hidden="true"
                    className={`block h-2.5 w-2.5 rounded-full ${position === current ? 'bg-white' : 'bg-white/50'}`}
                  />
                </button>
              ))}
            </div>
          </div>
          <p aria-live="polite" className="sr-only">
            {slideLabel}
          </p>
        </>
      )}
    </section>
  );
}
