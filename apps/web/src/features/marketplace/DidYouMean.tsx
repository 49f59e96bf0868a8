import { Link } from 'react-router';
import { ROUTES } from '@rummage/contract';
import { useTexts } from '../../shared/i18n/useTexts';

const PLACE = '{suggestion}';

/**
 * "Did you mean …?" over an empty search feed (docs/product.md, "Search"): the server's nearest spelling that
 * finds something, as a link that runs it.
 */
export function DidYouMean({ suggestion }: { suggestion: string }) {
  const text = useTexts().home.didYouMean;
  const at = text.indexOf(PLACE);
  return (
    <p className="text-center text-lg text-stone-800">
      {text.slice(0, at)}
      <Link to={ROUTES.marketplaceSearch(suggestion)} className="font-semibold text-brand-700 underline">
        {suggestion}
      </Link>
      {text.slice(at + PLACE.length)}
    </p>
  );
}
