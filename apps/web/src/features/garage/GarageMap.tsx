import type { PlaceMapProps } from '../../shared/map/MapPanel';
import { PinMap } from '../../shared/map/PinMap';

/**
 * A pin on the sale. Unlike a listing's meetup area, a garage sale's address is public: buyers are meant to
 * go there.
 */
export default function GarageMap(props: PlaceMapProps) {
  return <PinMap {...props} />;
}
