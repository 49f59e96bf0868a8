import { lazy } from 'react';
import { MapPanel } from '../../shared/map/MapPanel';
import { fillText } from '@rummage/contract';
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
        heading: texts.garage.mapHeading,
        viewMore: texts.garage.viewMore,
        mapLabel: texts.garage.mapLabel,
        dialogTitle: fillText(texts.garage.mapDialogTitle, { address }),
        closeMap: texts.garage.closeMap,
      }}
    />
  );
}
