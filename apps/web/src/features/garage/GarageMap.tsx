import 'leaflet/dist/leaflet.css';
import { CircleMarker, MapContainer, TileLayer } from 'react-leaflet';

export interface GarageMapProps {
  latitude: number;
  longitude: number;
  zoom: number;
  tileUrl: string;
  attribution: string;
  /** The small embed keeps the page scrolling under a wheel or a finger; the large view pans and zooms freely. */
  large?: boolean;
}

/**
 * Leaflet with the installation's tiles and a pin on the sale. Unlike a listing's meetup area, a garage
 * sale's address is public: buyers are meant to go there.
 */
export default function GarageMap({
  latitude,
  longitude,
  zoom,
  tileUrl,
  attribution,
  large = false,
}: GarageMapProps) {
  const centre: [number, number] = [latitude, longitude];
  return (
    <MapContainer
      center={centre}
      zoom={zoom}
      scrollWheelZoom={large}
      dragging={large || !('ontouchstart' in window)}
      className="h-full w-full"
      style={{ background: '#e7e5e4' }}
    >
      <TileLayer url={tileUrl} attribution={attribution} maxZoom={19} />
      <CircleMarker
        center={centre}
        radius={large ? 12 : 10}
        pathOptions={{ color: '#ffffff', weight: 3, fillColor: '#1f6f5c', fillOpacity: 1 }}
      />
    </MapContainer>
  );
}
