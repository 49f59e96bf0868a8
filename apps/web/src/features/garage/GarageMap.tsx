import { CircleMarker } from 'react-leaflet';
import type { PlaceMapProps } from '../../shared/map/MapPanel';
import { placeMapGestures, TiledMap } from '../../shared/map/TiledMap';

/**
 * A pin on the sale. Unlike a listing's meetup area, a garage sale's address is public: buyers are meant to
 * go there.
 */
export default function GarageMap({
  latitude,
  longitude,
  zoom,
  tileUrl,
  attribution,
  large = false,
}: PlaceMapProps) {
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
        pathOptions={{ color: '#ffffff', weight: 3, fillColor: '#1f6f5c', fillOpacity: 1 }}
      />
    </TiledMap>
  );
}
