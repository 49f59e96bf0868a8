import { Link, useParams } from 'react-router';
import { ROUTES, fillText, type GarageSale } from '@rummage/contract';
import { useFillText } from '../../shared/config/useAppConfig';
import { useSession } from '../../shared/session/SessionContext';
import { Banner } from '../../shared/ui/Banner';
import { EmptyState } from '../../shared/ui/EmptyState';
import { Spinner } from '../../shared/ui/Spinner';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle';
import { AddToRouteButton, PlanRouteLink, saleZoneTime } from '../garage-route';
import { itemName, parseSaleId, saleItems, salePlace, useGarageSale } from './api';
import { CountdownPanel } from './CountdownPanel';
import { GarageMapPanel } from './GarageMapPanel';
import { HostMore, HostPanel } from './HostPanels';
import { formatEndTime, formatStart, saleEnd, saleStart } from './time';
import { useNow } from './useNow';
import { useLocale, useTexts } from '../../shared/i18n/useTexts';

function CheckIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 shrink-0 fill-none stroke-current">
      <path d="m5 12 5 5 9-10" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function NotAvailable({ text }: { text: string }) {
  const texts = useTexts();
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10">
      <EmptyState headingLevel={1} title={texts.garage.notFoundTitle} text={text}>
        <Link to={ROUTES.marketplace} className="btn btn-primary">
          {texts.garage.backToMarketplace}
        </Link>
      </EmptyState>
    </div>
  );
}

/**
 * /garage/{garageSaleId} (docs/product.md §2): headline, start, countdown with directions locked until the sale is
 * live, items to expect, map, host, and the host's other sales and items. A sale that does not exist or has
 * ended says so.
 */
export default function GarageSalePage() {
  const texts = useTexts();
  const id = parseSaleId(useParams().garageSaleId);
  const query = useGarageSale(id);
  const sale = query.data ?? null;
  const fill = useFillText();
  const headline = sale ? fillText(texts.garage.headline, { place: salePlace(sale) }) : null;
  useDocumentTitle(headline ? fill(texts.garage.detailNamedTitle, { headline }) : texts.garage.detailTitle);

  if (id !== null && query.isPending) return <Spinner label={texts.garage.loading} fillScreen />;
  if (query.isError)
    return (
      <div className="mx-auto w-full max-w-5xl px-4 py-10">
        <Banner>{texts.garage.loadFailed}</Banner>
      </div>
    );
  if (!sale || !headline) return <NotAvailable text={texts.garage.notFound} />;
  return <GarageSaleView key={sale.id} sale={sale} headline={headline} />;
}

function GarageSaleView({ sale, headline }: { sale: GarageSale; headline: string }) {
  const texts = useTexts();
  const locale = useLocale();
  const now = useNow();
  const { session } = useSession();
  const start = saleStart(sale);
  const end = saleEnd(sale);
  if (end && end.getTime() <= now) return <NotAvailable text={texts.garage.notFound} />;

  const isOwn = sale.isOwner || (session !== null && session.userId === sale.userId);
  const items = saleItems(sale);
  const localStart = start ? saleZoneTime(start, sale.timeZone, locale) : null;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 md:py-8">
      <header className="mb-6 flex flex-col gap-2">
        <p className="self-start rounded-full bg-accent-100 px-3 py-0.5 text-xs font-bold tracking-wide text-accent-700 uppercase">
          {texts.header.garageSale}
        </p>
        <h1 className="text-2xl font-bold text-stone-900 md:text-3xl">{headline}</h1>
        {start ? (
          <p className="text-lg font-semibold text-brand-800">
            <time dateTime={start.toISOString()}>
              {formatStart(start, now, undefined, texts.garage, locale)}
            </time>
            {end && (
              <span className="font-normal text-stone-700">
                {' '}
                {fillText(texts.garage.until, { time: formatEndTime(end, start, undefined, locale) })}
              </span>
            )}
            {localStart && (
              <span className="block text-sm font-normal text-stone-600">
                {fillText(texts.garage.saleTime, { time: localStart })}
              </span>
            )}
          </p>
        ) : null}
        {sale.title && sale.title !== salePlace(sale) && <p className="text-stone-700">{sale.title}</p>}
        <div className="mt-1 flex flex-wrap items-start gap-3">
          <AddToRouteButton saleId={sale.id} />
          <PlanRouteLink className="btn btn-outline min-h-9 py-1 text-sm" />
        </div>
      </header>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_360px] lg:items-start lg:gap-8">
        <div className="flex flex-col gap-6">
          <CountdownPanel start={start} now={now} latitude={sale.latitude} longitude={sale.longitude} />
          <section aria-labelledby="garage-items-heading" className="card p-4">
            <h2 id="garage-items-heading" className="mb-3 text-lg font-bold text-stone-900">
              {texts.garage.itemsToExpect}
            </h2>
            <ul aria-labelledby="garage-items-heading" className="grid grid-cols-2 gap-2 sm:grid-cols-3">
              {items.map((item) => (
                <li
                  key={item}
                  className="flex items-center gap-2 rounded-lg bg-brand-50 px-3 py-2 text-stone-900"
                >
                  <span className="text-brand-700">
                    <CheckIcon />
                  </span>
                  {itemName(item, texts)}
                </li>
              ))}
            </ul>
          </section>
          <GarageMapPanel
            latitude={sale.latitude}
            longitude={sale.longitude}
            address={sale.title || salePlace(sale)}
          />
        </div>
        {/* One column of its own: as two grid rows beside the tall sale column, the host card and the host's other
            sales and items were pulled apart by the rows sharing the sale column's height (a gap at 1280 px). */}
        <div className="flex flex-col gap-6">
          <HostPanel sale={sale} isOwn={isOwn} />
          <HostMore sale={sale} />
        </div>
      </div>
    </div>
  );
}
