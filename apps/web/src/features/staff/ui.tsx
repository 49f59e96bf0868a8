import { Fragment, type ReactNode } from 'react';
import { fillText, type Locale } from '@rummage/contract';
import { Spinner } from '../../shared/ui/Spinner';
import { useTexts } from '../../shared/i18n/useTexts';

/** Previous / next through a paged staff list; hidden when everything fits on one page. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage(page: number): void;
}) {
  const T = useTexts().staff;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav
      aria-label={fillText(T.pageOf, { page, pages })}
      className="mt-4 flex items-center justify-between gap-3"
    >
      <button type="button" className="btn btn-outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {T.previous}
      </button>
      <span className="text-sm text-stone-600">{fillText(T.pageOf, { page, pages })}</span>
      <button
        type="button"
        className="btn btn-outline"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {T.next}
      </button>
    </nav>
  );
}

/** Loading, failed or ready: the three faces of every staff list. */
export function QueryState({
  isPending,
  error,
  onRetry,
  children,
}: {
  isPending: boolean;
  error: Error | null;
  onRetry(): void;
  children: ReactNode;
}) {
  const T = useTexts().staff;
  if (isPending) return <Spinner />;
  if (error) {
    return (
      <div role="alert" className="card flex flex-col items-start gap-3 p-4">
        <p className="font-semibold text-stone-900">{T.loadFailed}</p>
        <p className="text-sm text-stone-700">{error.message}</p>
        <button type="button" className="btn btn-outline" onClick={onRetry}>
          {T.retry}
        </button>
      </div>
    );
  }
  return <>{children}</>;
}

const pillTones = {
  neutral: 'bg-stone-100 text-stone-700',
  good: 'bg-brand-50 text-brand-800',
  warn: 'bg-accent-100 text-accent-700',
  bad: 'bg-red-50 text-red-800',
} as const;

/** A small status word (open, closed, banned, hidden…). */
export function Pill({ tone = 'neutral', children }: { tone?: keyof typeof pillTones; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-bold ${pillTones[tone]}`}
    >
      {children}
    </span>
  );
}

/** The "← Back" link from a detail view to its list. */
export function BackButton({ onClick }: { onClick(): void }) {
  const T = useTexts().staff;
  return (
    <button
      type="button"
      className="mb-3 text-sm font-semibold text-brand-800 hover:underline"
      onClick={onClick}
    >
      <span aria-hidden="true">← </span>
      {T.back}
    </button>
  );
}

/** Date and time for staff lists, as the page's language writes them. */
export function formatWhen(iso: string | null | undefined, locale: Locale): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * A contract text with its `{name}` blanks filled by elements (links, buttons) rather than strings, as fillText
 * fills them with strings. A blank without a value stays as written.
 */
export function fillNodes(text: string, values: Record<string, ReactNode>): ReactNode {
  // split() with a capturing group: the blanks' names sit at the odd places, the text between at the even ones.
  return text.split(/\{(\w+)\}/).map((part, index) => {
    const isBlank = index % 2 === 1;
    const filled = isBlank && Object.prototype.hasOwnProperty.call(values, part);
    return <Fragment key={index}>{filled ? values[part] : isBlank ? `{${part}}` : part}</Fragment>;
  });
}
