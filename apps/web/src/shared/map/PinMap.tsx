import { CircleMarker } from 'react-leaflet';
import type { PlaceMapProps } from './MapPanel';
import { placeMapGestures, TiledMap } from './TiledMap';

/**
 * A pin on an exact place: a garage sale's public address, or a listing's pickup spot for the few who may have it
 * (its seller, the buyer it is reserved for; docs/security.md).
 */
export function PinMap({
  latitude,
  longitude,
  zoom,
  tileUrl,
  attribution,
  large = false,
  className,
}: PlaceMapProps & { className?: string }) {
  const centre: [number, number] = [latitude, longitude];
  return (
    <TiledMap
      center={centre}
      zoom={zoom}
      tileUrl={tileUrl}
      attribution={attribution}
      {...placeMapGestures(large)}
    >
      <CircleMarker
        center={centre}
        radius={large ? 12 : 10}
        className={className}
        pathOptions={{ color: '#ffffff', weight: 3, fillColor: '#1f6f5c', fillOpacity: 1 }}
      />
    </TiledMap>
  );
}
