import { lazy } from 'react';
import { fillText, formatApproximateDistance, haversineKm } from '@rummage/contract';
import { MapPanel as PlaceMapPanel } from '../../../shared/map/MapPanel';
import { useSavedLocation } from '../../location';
import { useInstallationConfig } from '../../../shared/config/useAppConfig';
import { useLocale, useTexts } from '../../../shared/i18n/useTexts';

const MeetupMap = lazy(() => import('./MeetupMap'));
const ExactSpotMap = lazy(() => import('./MeetupMap').then((module) => ({ default: module.ExactSpotMap })));

/**
 * "meetup": buyers see the approximate pickup area as a circle (the exact spot is shared in chat); the seller, and
 * the buyer the listing is reserved for, see the exact pin, the buyer with a link in the card to open it in a maps app; the map is named for what it shows
 * (docs/product.md §13). "view more" opens a full-screen map. With a saved place, the distance to the answered
 * point, to the half mile (the seller is not told how far their own spot is from their own home).
 */
export function MapPanel({
  latitude,
  longitude,
  location,
  isOwner = false,
  isReservedForYou = false,
}: {
  latitude: number;
  longitude: number;
  location: string | null;
  isOwner?: boolean;
  isReservedForYou?: boolean;
}) {
  const texts = useTexts();
  const locale = useLocale();
  const config = useInstallationConfig();
  const exact = isOwner || isReservedForYou;
  const saved = useSavedLocation();
  const distance =
    isOwner || saved.latitude === null || saved.longitude === null
      ? null
      : formatApproximateDistance(
          haversineKm({ latitude: saved.latitude, longitude: saved.longitude }, { latitude, longitude }),
          config.distanceUnit,
          texts.pickupPrivacy,
          locale,
        );
  const hint = isOwner
    ? texts.pickupPrivacy.exactForSeller
    : isReservedForYou
      ? texts.pickupPrivacy.exactForReservedBuyer
      : config.distanceUnit === 'km'
        ? texts.pickupPrivacy.approximateArea
        : texts.pickupPrivacy.approximateAreaMiles;
  return (
    <PlaceMapPanel
      latitude={latitude}
      longitude={longitude}
      place={location ?? texts.listing.locationUnknown}
      distance={distance}
      Map={exact ? ExactSpotMap : MeetupMap}
      texts={{
        heading: texts.listing.meetup,
        viewMore: texts.listing.viewMore,
        mapLabel: exact ? texts.pickupPrivacy.exactMapLabel : texts.pickupPrivacy.areaMapLabel,
        dialogTitle: location
          ? fillText(texts.listing.mapDialogTitleAt, { place: location })
          : texts.listing.mapDialogTitle,
        closeMap: texts.listing.closeMap,
        hint,
      }}
    >
      {isReservedForYou && !isOwner && (
        <a
          className="mt-2 inline-block font-semibold text-brand-800 underline"
          href={`https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          {texts.pickupPrivacy.openInMaps}
        </a>
      )}
    </PlaceMapPanel>
  );
}
