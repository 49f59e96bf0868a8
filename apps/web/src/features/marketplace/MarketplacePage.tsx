import { Link, useSearchParams } from 'react-router';
import { ROUTES, messages } from '@rummage/contract';
import { useFillText } from '../../shared/config/useAppConfig';
import { PageHeading } from '../../shared/ui/PageHeading';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle';
import { NoListingsPanel } from '../listings/NoListingsPanel';
import { MARKETPLACE_TEXT } from './texts';
import { useDropSearchOnReload } from './useDropSearchOnReload';

/**
 * /marketplace (optional ?search=): garage-sale strip, product grid, end-of-feed block. The feeds
 * arrive with the listings and garage-sale issues; until then the end-of-feed block is all there is.
 */
export default function MarketplacePage() {
  useDocumentTitle(messages.titles.marketplace);
  const fill = useFillText();
  const [params] = useSearchParams();
  const search = params.get('search')?.trim() || null;
  useDropSearchOnReload(search);

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <PageHeading>{messages.header.marketplace}</PageHeading>
        {search && (
          <p className="flex items-baseline gap-3 text-stone-700">
            <span>{fill(MARKETPLACE_TEXT.resultsFor, { search })}</span>
            <Link to={ROUTES.marketplace} className="text-sm font-medium text-brand-700 underline">
              {MARKETPLACE_TEXT.clearSearch}
            </Link>
          </p>
        )}
      </div>
      <NoListingsPanel />
    </div>
  );
}
