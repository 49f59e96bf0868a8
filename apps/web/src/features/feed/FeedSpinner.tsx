import { Spinner } from '../../shared/ui/Spinner';
import { FEED_TEXT } from './texts';

/** The spinner shown while a list's first page loads (docs/product.md §4), holding a screen of room for the grid. */
export function FeedSpinner({ label = FEED_TEXT.loading }: { label?: string }) {
  return <Spinner label={label} fillScreen />;
}
