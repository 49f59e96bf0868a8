import { lazy } from 'react';
import { MapPanel as PlaceMapPanel } from '../../../shared/map/MapPanel';
import { LISTING_TEXT } from '../texts';

const MeetupMap = lazy(() => import('./MeetupMap'));

/** "meetup": the approximate pickup area (never the exact point) and "view more" for a full-screen map. */
export function MapPanel({
  latitude,
  longitude,
  location,
}: {
  latitude: number;
  longitude: number;
  location: string | null;
}) {
  return (
    <PlaceMapPanel
      latitude={latitude}
      longitude={longitude}
      place={location ?? LISTING_TEXT.locationUnknown}
      Map={MeetupMap}
      texts={{
        heading: LISTING_TEXT.meetup,
        viewMore: LISTING_TEXT.viewMore,
        mapLabel: LISTING_TEXT.mapLabel,
        dialogTitle: location ? `${LISTING_TEXT.mapDialogTitle}: ${location}` : LISTING_TEXT.mapDialogTitle,
        closeMap: LISTING_TEXT.closeMap,
        hint: LISTING_TEXT.meetupHint,
      }}
    />
  );
}
