import { useState, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { fillText, ROUTES } from '@rummage/contract';
import { MAX_ROUTE_STOPS } from './planner';
import { useRouteSelection } from './selection';
import { useTexts } from '../../shared/i18n/useTexts';

/**
 * The "Add to route" toggle for a garage sale (cards on the marketplace strip, the detail page). The
 * pressed state comes from the shared selection, so every toggle for the same sale agrees, in every tab.
 */
export function AddToRouteButton({ saleId }: { saleId: number | string }) {
  const texts = useTexts();
  const { has, toggle, isFull } = useRouteSelection();
  const [refused, setRefused] = useState(false);
  const pressed = has(saleId);

  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    // Cards open the sale on click; picking it for the route must not navigate away.
    event.preventDefault();
    event.stopPropagation();
    setRefused(toggle(saleId) === 'full');
  };

  return (
    <span className="inline-flex flex-col items-start">
      <button
        type="button"
        aria-pressed={pressed}
        onClick={onClick}
        className={`inline-flex min-h-9 items-center gap-1.5 rounded-full border-2 border-brand px-3 py-1 text-sm font-semibold transition-colors ${
          pressed ? 'bg-brand text-white hover:bg-brand-700' : 'bg-white text-brand-700 hover:bg-brand-50'
        }`}
      >
        <span aria-hidden="true">{pressed ? '✓' : '+'}</span>
        {pressed ? texts.garageRoute.removeFromRoute : texts.garageRoute.addToRoute}
      </button>
      {/* Always mounted so screen readers announce the refusal when it appears. */}
      <span role="status" className="text-xs text-red-700">
        {refused && isFull && !pressed && (
          <span className="mt-1 block">
            {fillText(texts.garageRoute.routeFull, { max: MAX_ROUTE_STOPS })}
          </span>
        )}
      </span>
    </span>
  );
}

/** A link to the planner with the number of picked sales; renders nothing until a sale is picked. */
export function PlanRouteLink({ className = 'btn btn-outline' }: { className?: string }) {
  const texts = useTexts();
  const { ids } = useRouteSelection();
  if (ids.length === 0) return null;
  return (
    <Link to={ROUTES.garageRoute} className={className}>
      {fillText(texts.garageRoute.planRouteLink, { count: ids.length })}
    </Link>
  );
}
