import { Circle } from 'react-leaflet';
import { APPROXIMATE_AREA_RADIUS_M, approximatePoint } from '@rummage/contract';
import type { PlaceMapProps } from '../../../shared/map/MapPanel';
import { PinMap } from '../../../shared/map/PinMap';
import { placeMapGestures, TiledMap } from '../../../shared/map/TiledMap';

export const AREA_ZOOM = { embed: 14, large: 15 } as const;

/**
 * A circle of about 500 m over the approximate pickup area (docs/security.md). The server already answers the
 * cell's centre; snapping again is harmless (a centre is its own cell's centre) and keeps an exact point given by
 * mistake off the map.
 */
export default function MeetupMap({
  latitude,
  longitude,
  zoom,
  tileUrl,
  attribution,
  large = false,
}: PlaceMapProps) {
  const area = approximatePoint(latitude, longitude);
  // The whole ~1 km circle with some streets around it: the embed's and the large view's zooms are for pins.
  const areaZoom = Math.min(zoom, large ? AREA_ZOOM.large : AREA_ZOOM.embed);
  const centre: [number, number] = [area.latitude, area.longitude];
  return (
    <TiledMap
      center={centre}
      zoom={areaZoom}
      tileUrl={tileUrl}
      attribution={attribution}
      {...placeMapGestures(large)}
    >
      <Circle
        center={centre}
        radius={APPROXIMATE_AREA_RADIUS_M}
        className="pickup-area"
        pathOptions={{
          color: '#1f6f5c',
          weight: 2,
          fillColor: '#2f836c',
          fillOpacity: large ? 0.12 : 0.2,
        }}
      />
    </TiledMap>
  );
}

/** The exact spot, as a pin: for the seller, and for the buyer it is reserved for. */
export function ExactSpotMap(props: PlaceMapProps) {
  return <PinMap {...props} className="pickup-spot" />;
}
