import { Spinner } from '../../shared/ui/Spinner';
import { FEED_TEXT } from './texts';

/**
 * The spinner shown while a list's first page loads (SPEC §4). It holds roughly a screen of room, so the
 * grid that replaces it does not shove the footer and the rest of the page around (no layout shift).
 */
export function FeedSpinner({ label = FEED_TEXT.loading }: { label?: string }) {
  return (
    <div className="min-h-[70vh]">
      <Spinner label={label} />
    </div>
  );
}
