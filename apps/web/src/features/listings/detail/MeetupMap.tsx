import 'leaflet/dist/leaflet.css';
import { Circle, MapContainer, TileLayer } from 'react-leaflet';

/** The circle's radius: wide enough to hide the exact pickup point, small enough to show the neighbourhood. */
export const APPROXIMATE_RADIUS_M = 400;

/**
 * The circle's centre: coordinates rounded to a ~100 m grid, so the map shows an area around the pickup
 * point without giving the point itself away.
 */
export function approximateCentre(latitude: number, longitude: number): [number, number] {
  return [Math.round(latitude * 1000) / 1000, Math.round(longitude * 1000) / 1000];
}

export interface MeetupMapProps {
  latitude: number;
  longitude: number;
  zoom: number;
  tileUrl: string;
  attribution: string;
  /** The small embed keeps the page scrolling under a wheel or a finger; the large view pans and zooms freely. */
  large?: boolean;
}

/** Leaflet with the installation's tiles (MAP_TILE_URL) and a circle over the approximate meetup area. */
export default function MeetupMap({
  latitude,
  longitude,
  zoom,
  tileUrl,
  attribution,
  large = false,
}: MeetupMapProps) {
  const centre = approximateCentre(latitude, longitude);
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
      <Circle
        center={centre}
        radius={APPROXIMATE_RADIUS_M}
        pathOptions={{ color: '#1f6f5c', weight: 2, fillColor: '#2f836c', fillOpacity: large ? 0.12 : 0.2 }}
      />
    </MapContainer>
  );
}
