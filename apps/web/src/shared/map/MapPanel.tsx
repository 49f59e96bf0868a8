import {
  Suspense,
  useId,
  useState,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { MAP_ZOOM } from '@rummage/contract';
import { useAppConfig } from '../config/useAppConfig';
import { Dialog } from '../ui/Dialog';
import { useNearViewport } from '../ui/useNearViewport';

/** What a feature's Leaflet map receives; each feature draws its own marker (an area, an exact pin…). */
export interface PlaceMapProps {
  latitude: number;
  longitude: number;
  tileUrl: string;
  attribution: string;
  zoom: number;
  large?: boolean;
}

export interface MapPanelTexts {
  heading: string;
  viewMore: string;
  mapLabel: string;
  dialogTitle: string;
  closeMap: string;
  hint?: string;
}

const mapBackground = <div className="h-full w-full bg-stone-200" />;

/**
 * A place on a map (zoom 15) with "view more" for a full-screen map (zoom 18), docs/product.md §2 and §9. Listings and
 * garage sales share it; `Map` is lazy so Leaflet (script and stylesheet) loads only on pages that show a map.
 */
export function MapPanel({
  latitude,
  longitude,
  place,
  distance,
  texts,
  Map,
  children,
}: {
  latitude: number;
  longitude: number;
  place: string;
  /** How far the place is from the viewer's saved place ("1.5 mi away"), when known. */
  distance?: string | null;
  texts: MapPanelTexts;
  Map: LazyExoticComponent<ComponentType<PlaceMapProps>>;
  /** More about the place, inside the card below the hint (the reserved buyer's "Open in maps"). */
  children?: ReactNode;
}) {
  const { config } = useAppConfig();
  const [large, setLarge] = useState(false);
  const headingId = useId();
  // Leaflet (about 40 KB compressed) and the tiles wait until the map is about to scroll into view, so they do
  // not compete with the page's photos on a slow connection.
  const [regionRef, nearViewport] = useNearViewport();
  const mapProps = { latitude, longitude, tileUrl: config.mapTileUrl, attribution: config.mapAttribution };
  return (
    <section aria-labelledby={headingId} className="card p-4">
      <div className="mb-2 flex items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-bold text-stone-900">
          {texts.heading}
        </h2>
        <button
          type="button"
          className="rounded-full px-3 py-2 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
          onClick={() => setLarge(true)}
          aria-haspopup="dialog"
        >
          {texts.viewMore}
        </button>
      </div>
      <p className="mb-3 text-stone-700">
        {place}
        {distance && <span className="text-stone-600"> · {distance}</span>}
      </p>
      <div
        ref={regionRef}
        role="region"
        aria-label={texts.mapLabel}
        className="relative z-0 h-64 overflow-hidden rounded-xl bg-stone-200"
      >
        {nearViewport ? (
          <Suspense fallback={mapBackground}>
            <Map {...mapProps} zoom={MAP_ZOOM.embed} />
          </Suspense>
        ) : (
          mapBackground
        )}
      </div>
      {texts.hint && <p className="mt-2 text-xs text-stone-600">{texts.hint}</p>}
      {children}
      {large && (
        <Dialog
          fullScreen
          title={texts.dialogTitle}
          closeLabel={texts.closeMap}
          onClose={() => setLarge(false)}
        >
          <div role="region" aria-label={texts.mapLabel} className="relative z-0 min-h-0 flex-1">
            <Suspense fallback={mapBackground}>
              <Map {...mapProps} zoom={MAP_ZOOM.large} large />
            </Suspense>
          </div>
        </Dialog>
      )}
    </section>
  );
}
