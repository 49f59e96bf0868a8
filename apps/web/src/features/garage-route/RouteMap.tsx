import { useEffect, useMemo } from 'react';
import { divIcon, latLngBounds, type LatLngTuple } from 'leaflet';
import { Marker, Polyline, useMap } from 'react-leaflet';
import { TiledMap } from '../../shared/map/TiledMap';
import { useTexts } from '../../shared/i18n/useTexts';
import type { LatLng } from './planner';

export interface RouteMapStop extends LatLng {
  id: number;
  title: string;
}

export interface RouteMapProps {
  start: LatLng;
  startLabel: string;
  /** In visiting order; marker n is stop n. */
  stops: readonly RouteMapStop[];
  tileUrl: string;
  attribution: string;
}

const PADDING: [number, number] = [32, 32];
const SINGLE_POINT_ZOOM = 14;

/**
 * Numbered pins drawn as HTML (divIcon): Leaflet's default pin is an image whose URL the bundler would
 * have to rewrite, and the number is what a buyer matches against the list.
 */
function pin(label: string, tone: 'start' | 'stop') {
  const colours = tone === 'start' ? 'background:#f2a541;color:#1c1917' : 'background:#1f6f5c;color:#fff';
  return divIcon({
    className: '',
    html: `<span style="${colours};display:flex;align-items:center;justify-content:center;width:28px;height:28px;border-radius:9999px;border:2px solid #fff;box-shadow:0 1px 3px rgb(0 0 0 / .4);font:700 13px system-ui,sans-serif">${label}</span>`,
    iconSize: [28, 28],
    iconAnchor: [14, 14],
  });
}

/** Keeps every point in view as stops are added, removed or reordered. */
function FitToRoute({ points }: { points: LatLngTuple[] }) {
  const map = useMap();
  useEffect(() => {
    if (points.length === 0) return;
    const size = map.getSize();
    // With no size yet (hidden, or a test DOM) fitBounds would compute a NaN zoom; centre instead.
    if (points.length === 1 || size.x === 0 || size.y === 0) {
      map.setView(latLngBounds(points).getCenter(), SINGLE_POINT_ZOOM);
    } else {
      map.fitBounds(latLngBounds(points), { padding: PADDING });
    }
  }, [map, points]);
  return null;
}

/** The planned route on the installation's tiles: start pin, numbered stops and the line between them. */
export default function RouteMap({ start, startLabel, stops, tileUrl, attribution }: RouteMapProps) {
  const texts = useTexts();
  // The start pin carries the first letter of the reader's word for it ("S" for Start).
  const startLetter = texts.garageRoute.startMarker.charAt(0).toUpperCase();
  const origin = useMemo<LatLngTuple>(() => [start.latitude, start.longitude], [start]);
  const points = useMemo<LatLngTuple[]>(
    () => [origin, ...stops.map((s): LatLngTuple => [s.latitude, s.longitude])],
    [origin, stops],
  );
  return (
    <TiledMap
      center={origin}
      zoom={SINGLE_POINT_ZOOM}
      scrollWheelZoom={false}
      // Half steps let a short route fill the panel instead of shrinking to the next whole zoom level.
      zoomSnap={0.5}
      tileUrl={tileUrl}
      attribution={attribution}
    >
      <FitToRoute points={points} />
      {/* Dashed: the line joins the stops as the crow flies, it is not the road route. */}
      <Polyline
        positions={points}
        pathOptions={{ color: '#1f6f5c', weight: 4, opacity: 0.8, dashArray: '6 8' }}
      />
      {/* Pins are not focusable: the numbered list beside the map says the same to keyboard users. */}
      <Marker position={origin} icon={pin(startLetter, 'start')} title={startLabel} keyboard={false} />
      {stops.map((stop, index) => (
        <Marker
          key={stop.id}
          position={[stop.latitude, stop.longitude]}
          icon={pin(String(index + 1), 'stop')}
          title={`${index + 1}. ${stop.title}`}
          keyboard={false}
        />
      ))}
    </TiledMap>
  );
}
