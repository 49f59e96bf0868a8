import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { API, fillText, ROUTES, type HeldMessage } from '@rummage/contract';
import { ApiError } from '../../shared/api/client';
import { Banner } from '../../shared/ui/Banner';
import { EmptyState } from '../../shared/ui/EmptyState';
import { useRelativeNow, useTimeSince } from '../../shared/ui/relativeTime';
import { fetchHeldMessages, staffKeys, useStaffAction } from './api';
import { fillNodes, formatWhen, QueryState } from './ui';
import { UserDetail } from './UserDetail';
import { useLocale, useTexts } from '../../shared/i18n/useTexts';

/**
 * The classifier's score as a percentage, cut (not rounded) to two decimals: held messages all score 0.999 or
 * more, so rounding would show most of them as a flat 100%.
 */
function scoreText(score: number): string {
  return `${(Math.floor(score * 10_000) / 100).toFixed(2)}%`;
}

const nameButton = 'text-left font-semibold break-all text-brand-800 hover:underline';

function HeldItem({
  item,
  now,
  busy,
  onOpenUser,
  onRelease,
  onReject,
}: {
  item: HeldMessage;
  now: number;
  busy: boolean;
  onOpenUser(userId: number): void;
  onRelease(): void;
  onReject(): void;
}) {
  const T = useTexts().staff;
  const locale = useLocale();
  // How old an account is, in words without "ago" ("3 hours", "2 days"); a join time ahead of this clock is now.
  const accountAge = useTimeSince();
  return (
    <li className="card flex min-w-0 flex-col gap-3 p-4">
      <div className="flex flex-col gap-1">
        <h3 className="min-w-0 font-bold break-words text-stone-900">
          {/* The "@" before a name goes into its button, so the button reads "@ollie" as elsewhere in the console. */}
          {fillNodes(T.heldFrom.replace(/@\{/g, '{'), {
            sender: (
              <button type="button" className={nameButton} onClick={() => onOpenUser(item.sender.id)}>
                @{item.sender.username}
              </button>
            ),
            receiver: (
              <button type="button" className={nameButton} onClick={() => onOpenUser(item.receiver.id)}>
                @{item.receiver.username}
              </button>
            ),
            title: (
              <Link
                to={ROUTES.productDetail(item.productId)}
                className="break-words text-brand-800 hover:underline"
              >
                {item.productTitle ?? `#${item.productId}`}
              </Link>
            ),
          })}
        </h3>
        <time dateTime={item.createdAt} className="text-sm text-stone-500">
          {formatWhen(item.createdAt, locale)}
        </time>
      </div>
      <blockquote className="rounded-lg border-l-4 border-stone-300 bg-stone-50 px-3 py-2 text-sm break-words whitespace-pre-wrap text-stone-900">
        {item.text}
      </blockquote>
      <div className="flex flex-col gap-1 text-sm text-stone-700">
        <p className="break-words">
          {fillText(T.heldWhy, { warning: item.warning.text, score: scoreText(item.score) })}
        </p>
        <p>
          {fillText(T.heldNewAccount, {
            age: accountAge(item.sender.joinedAt, now),
            verified: item.sender.emailVerified ? T.heldVerified : T.heldUnverified,
          })}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary" disabled={busy} onClick={onRelease}>
          {T.heldRelease}
        </button>
        <button
          type="button"
          className="btn btn-outline border-red-300 text-red-800"
          disabled={busy}
          onClick={onReject}
        >
          {T.heldReject}
        </button>
      </div>
    </li>
  );
}

interface Notice {
  tone: 'success' | 'error';
  text: string;
}

/**
 * Chat messages held for a check (docs/product.md §16), oldest first: who wrote to whom about what, why it was
 * held, and Deliver or Reject. Either answer (or "already handled") shows as a banner and the list refreshes.
 */
export function HeldMessagesTab() {
  const texts = useTexts();
  const T = texts.staff;
  const now = useRelativeNow();
  const action = useStaffAction();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [userId, setUserId] = useState<number | null>(null);
  const held = useQuery({
    queryKey: staffKeys.held,
    queryFn: ({ signal }) => fetchHeldMessages(signal),
  });

  if (userId !== null) return <UserDetail userId={userId} onBack={() => setUserId(null)} />;

  /** Runs Deliver or Reject; `done` is the contract's words for it, should the answer carry none. */
  function decide(item: HeldMessage, path: string, done: string) {
    setNotice(null);
    action.mutate(
      { path, params: { heldMessageId: item.id } },
      {
        onSuccess: (body) => setNotice({ tone: 'success', text: body?.message || done }),
        onError: (failure) =>
          setNotice({
            tone: 'error',
            text: failure instanceof ApiError ? failure.message : texts.common.somethingWentWrong,
          }),
      },
    );
  }

  const items = held.data ?? [];
  return (
    <section aria-label={T.heldTab} className="flex flex-col gap-3">
      <h2 className="text-lg font-bold text-stone-900">{T.heldHeading}</h2>
      {notice && (
        <Banner tone={notice.tone} onDismiss={() => setNotice(null)}>
          {notice.text}
        </Banner>
      )}
      <QueryState isPending={held.isPending} error={held.error} onRetry={() => void held.refetch()}>
        {items.length === 0 ? (
          <EmptyState title={T.heldEmpty} headingLevel={3} />
        ) : (
          <ul className="flex flex-col gap-3">
            {items.map((item) => (
              <HeldItem
                key={item.id}
                item={item}
                now={now}
                busy={action.isPending}
                onOpenUser={setUserId}
                onRelease={() => decide(item, API.staff.releaseHeldMessage, T.heldReleased)}
                onReject={() => decide(item, API.staff.rejectHeldMessage, T.heldRejected)}
              />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
