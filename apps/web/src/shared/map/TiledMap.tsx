import 'leaflet/dist/leaflet.css';
import type { ReactNode } from 'react';
import { MapContainer, TileLayer, ZoomControl, type MapContainerProps } from 'react-leaflet';
import { useTexts } from '../i18n/useTexts';

export interface TiledMapProps extends MapContainerProps {
  /** The installation's tiles (MAP_TILE_URL) and their credit line. */
  tileUrl: string;
  attribution: string;
  children: ReactNode;
}

/**
 * Leaflet with the installation's tiles and the app's look, for a feature to draw on. Only lazily loaded maps
 * import it, so Leaflet's script and stylesheet stay off pages without a map. Its zoom buttons are named in the
 * page's language (Leaflet's own say "Zoom in" in every language).
 */
export function TiledMap({ tileUrl, attribution, children, ...map }: TiledMapProps) {
  const texts = useTexts();
  return (
    <MapContainer className="h-full w-full" style={{ background: '#e7e5e4' }} {...map} zoomControl={false}>
      <TileLayer url={tileUrl} attribution={attribution} maxZoom={19} />
      <ZoomControl zoomInTitle={texts.common.zoomIn} zoomOutTitle={texts.common.zoomOut} />
      {children}
    </MapContainer>
  );
}

/** The small embed keeps the page scrolling under a wheel or a finger; the large view pans and zooms freely. */
export function placeMapGestures(large: boolean): Pick<MapContainerProps, 'scrollWheelZoom' | 'dragging'> {
  return { scrollWheelZoom: large, dragging: large || !('ontouchstart' in window) };
}
