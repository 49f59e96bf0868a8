import { Suspense, lazy, useState } from 'react';
import { MAP_ZOOM } from '@rummage/contract';
import { useAppConfig } from '../../../shared/config/useAppConfig';
import { LISTING_TEXT } from '../texts';
import { Dialog } from '../ui/Dialog';

// Leaflet (script and stylesheet) loads with the map, in this route's chunks only.
const MeetupMap = lazy(() => import('./MeetupMap'));

const mapBackground = <div className="h-full w-full bg-stone-200" />;

/** "meetup": the approximate area on a map (zoom 15) and "view more" for a full-screen map (zoom 18). */
export function MapPanel({
  latitude,
  longitude,
  location,
}: {
  latitude: number;
  longitude: number;
  location: string | null;
}) {
  const { config } = useAppConfig();
  const [large, setLarge] = useState(false);
  const mapProps = { latitude, longitude, tileUrl: config.mapTileUrl, attribution: config.mapAttribution };
  return (
    <section aria-labelledby="meetup-heading" className="card p-4">
      <div className="mb-2 flex items-center justify-between gap-3">
        <h2 id="meetup-heading" className="text-lg font-bold text-stone-900">
          {LISTING_TEXT.meetup}
        </h2>
        <button
          type="button"
          className="rounded-full px-3 py-2 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
          onClick={() => setLarge(true)}
          aria-haspopup="dialog"
        >
          {LISTING_TEXT.viewMore}
        </button>
      </div>
      <p className="mb-3 text-stone-700">{location ?? LISTING_TEXT.locationUnknown}</p>
      <div
        role="region"
        aria-label={LISTING_TEXT.mapLabel}
        className="relative z-0 h-64 overflow-hidden rounded-xl bg-stone-200"
      >
        <Suspense fallback={mapBackground}>
          <MeetupMap {...mapProps} zoom={MAP_ZOOM.embed} />
        </Suspense>
      </div>
      <p className="mt-2 text-xs text-stone-600">{LISTING_TEXT.meetupHint}</p>
      {large && (
        <Dialog
          fullScreen
          title={location ? `${LISTING_TEXT.mapDialogTitle}: ${location}` : LISTING_TEXT.mapDialogTitle}
          closeLabel={LISTING_TEXT.closeMap}
          onClose={() => setLarge(false)}
        >
          <div role="region" aria-label={LISTING_TEXT.mapLabel} className="relative z-0 min-h-0 flex-1">
            <Suspense fallback={mapBackground}>
              <MeetupMap {...mapProps} zoom={MAP_ZOOM.large} large />
            </Suspense>
          </div>
        </Dialog>
      )}
    </section>
  );
}
