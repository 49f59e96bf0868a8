import { Suspense, lazy, useState } from 'react';
import { MAP_ZOOM, messages } from '@rummage/contract';
import { useAppConfig } from '../../shared/config/useAppConfig';
import { Dialog } from '../listings/ui/Dialog';
import { GARAGE_TEXT } from './texts';

// Leaflet (script and stylesheet) loads with the map, in this route's chunks only.
const GarageMap = lazy(() => import('./GarageMap'));

const mapBackground = <div className="h-full w-full bg-stone-200" />;

/** The sale on a map (zoom 15) and "view more" for a full-screen map (zoom 18), SPEC §2, §9. */
export function GarageMapPanel({
  latitude,
  longitude,
  address,
}: {
  latitude: number;
  longitude: number;
  address: string;
}) {
  const { config } = useAppConfig();
  const [large, setLarge] = useState(false);
  const mapProps = { latitude, longitude, tileUrl: config.mapTileUrl, attribution: config.mapAttribution };
  return (
    <section aria-labelledby="garage-map-heading" className="card p-4">
      <div className="mb-2 flex items-center justify-between gap-3">
        <h2 id="garage-map-heading" className="text-lg font-bold text-stone-900">
          {GARAGE_TEXT.mapHeading}
        </h2>
        <button
          type="button"
          className="rounded-full px-3 py-2 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
          onClick={() => setLarge(true)}
          aria-haspopup="dialog"
        >
          {messages.garage.viewMore}
        </button>
      </div>
      <p className="mb-3 text-stone-700">{address}</p>
      <div
        role="region"
        aria-label={GARAGE_TEXT.mapLabel}
        className="relative z-0 h-64 overflow-hidden rounded-xl bg-stone-200"
      >
        <Suspense fallback={mapBackground}>
          <GarageMap {...mapProps} zoom={MAP_ZOOM.embed} />
        </Suspense>
      </div>
      {large && (
        <Dialog
          fullScreen
          title={`${GARAGE_TEXT.mapDialogTitle}: ${address}`}
          closeLabel={GARAGE_TEXT.closeMap}
          onClose={() => setLarge(false)}
        >
          <div role="region" aria-label={GARAGE_TEXT.mapLabel} className="relative z-0 min-h-0 flex-1">
            <Suspense fallback={mapBackground}>
              <GarageMap {...mapProps} zoom={MAP_ZOOM.large} large />
            </Suspense>
          </div>
        </Dialog>
      )}
    </section>
  );
}
