import 'leaflet/dist/leaflet.css';
import type { ReactNode } from 'react';
import { MapContainer, TileLayer, type MapContainerProps } from 'react-leaflet';

export interface TiledMapProps extends MapContainerProps {
  /** The installation's tiles (MAP_TILE_URL) and their credit line. */
  tileUrl: string;
  attribution: string;
  children: ReactNode;
}

/**
 * Leaflet with the installation's tiles and the app's look, for a feature to draw on. Only lazily loaded maps
 * import it, so Leaflet's script and stylesheet stay off pages without a map.
 */
export function TiledMap({ tileUrl, attribution, children, ...map }: TiledMapProps) {
  return (
    <MapContainer className="h-full w-full" style={{ background: '#e7e5e4' }} {...map}>
      <TileLayer url={tileUrl} attribution={attribution} maxZoom={19} />
      {children}
    </MapContainer>
  );
}

/** The small embed keeps the page scrolling under a wheel or a finger; the large view pans and zooms freely. */
export function placeMapGestures(large: boolean): Pick<MapContainerProps, 'scrollWheelZoom' | 'dragging'> {
  return { scrollWheelZoom: large, dragging: large || !('ontouchstart' in window) };
}
