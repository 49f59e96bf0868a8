import { Circle } from 'react-leaflet';
import type { PlaceMapProps } from '../../../shared/map/MapPanel';
import { placeMapGestures, TiledMap } from '../../../shared/map/TiledMap';

/** The circle's radius: wide enough to hide the exact pickup point, small enough to show the neighbourhood. */
export const APPROXIMATE_RADIUS_M = 400;

/**
 * The circle's centre: coordinates rounded to a ~100 m grid, so the map shows an area around the pickup
 * point without giving the point itself away.
 */
export function approximateCentre(latitude: number, longitude: number): [number, number] {
  return [Math.round(latitude * 1000) / 1000, Math.round(longitude * 1000) / 1000];
}

/** A circle over the approximate meetup area. */
export default function MeetupMap({
  latitude,
  longitude,
  zoom,
  tileUrl,
  attribution,
  large = false,
}: PlaceMapProps) {
  const centre = approximateCentre(latitude, longitude);
  return (
    <TiledMap
      center={centre}
      zoom={zoom}
      tileUrl={tileUrl}
      attribution={attribution}
      {...placeMapGestures(large)}
    >
      <Circle
        center={centre}
        radius={APPROXIMATE_RADIUS_M}
        pathOptions={{ color: '#1f6f5c', weight: 2, fillColor: '#2f836c', fillOpacity: large ? 0.12 : 0.2 }}
      />
    </TiledMap>
  );
}
