import { lazy } from 'react';
import { MapPanel } from '../../shared/map/MapPanel';
import { GARAGE_TEXT } from './texts';
import { useTexts } from '../../shared/i18n/useTexts';

const GarageMap = lazy(() => import('./GarageMap'));

/** The sale on a map with an exact pin (a garage sale's address is public) and "view more" full-screen. */
export function GarageMapPanel({
  latitude,
  longitude,
  address,
}: {
  latitude: number;
  longitude: number;
  address: string;
}) {
  const texts = useTexts();
  return (
    <MapPanel
      latitude={latitude}
      longitude={longitude}
      place={address}
      Map={GarageMap}
      texts={{
        heading: GARAGE_TEXT.mapHeading,
        viewMore: texts.garage.viewMore,
        mapLabel: GARAGE_TEXT.mapLabel,
        dialogTitle: `${GARAGE_TEXT.mapDialogTitle}: ${address}`,
        closeMap: GARAGE_TEXT.closeMap,
      }}
    />
  );
}
