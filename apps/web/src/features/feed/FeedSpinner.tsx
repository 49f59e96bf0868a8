import { Spinner } from '../../shared/ui/Spinner';
import { useTexts } from '../../shared/i18n/useTexts';

/** The spinner shown while a list's first page loads (docs/product.md §4), holding a screen of room for the grid. */
export function FeedSpinner({ label }: { label?: string }) {
  const texts = useTexts();
  return <Spinner label={label ?? texts.home.loadingListings} fillScreen />;
}
