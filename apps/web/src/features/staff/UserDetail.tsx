import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { API, countText, fillText, ROUTES, type Catalogue, type StaffUserDetail } from '@rummage/contract';
import { useSession } from '../../shared/session/SessionContext';
import { Banner } from '../../shared/ui/Banner';
import { useFormatPrice } from '../feed';
import { fetchUser, staffKeys } from './api';
import { LiveStaffTicket } from './StaffTicketView';
import { ReportLine } from './ReportLine';
import { BackButton, formatWhen, Pill, QueryState } from './ui';
import { useModeration, type ModerationAsk } from './useModeration';
import { useLocale, useTexts } from '../../shared/i18n/useTexts';

function Section({
  title,
  empty,
  note,
  children,
}: {
  title: string;
  empty: string;
  /** A line under the title, shown whether or not the list is empty. */
  note?: string;
  children: ReactNode[];
}) {
  return (
    <section className="card p-4">
      <h3 className="mb-2 font-bold text-stone-900">{title}</h3>
      {note && <p className="mb-2 text-sm text-stone-700">{note}</p>}
      {children.length === 0 ? (
        <p className="text-sm text-stone-600">{empty}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-stone-100">{children}</ul>
      )}
    </section>
  );
}

/** What this staff member may do to this person: never to themselves or an admin; to staff only as an admin. */
function roleActions(
  T: Catalogue['staff'],
  detail: StaffUserDetail,
  viewer: { id: number; role: string } | null,
  onDeleted: () => void,
): ModerationAsk[] {
  const { user } = detail;
  const params = { userId: user.id };
  const name = { username: user.username };
  const isAdmin = viewer?.role === 'admin';
  if (!viewer || viewer.id === user.id || user.role === 'admin') return [];
  const actions: ModerationAsk[] = [];
  if (user.role === 'user' || isAdmin) {
    actions.push(
      user.bannedAt
        ? {
            ask: 'confirm',
            title: fillText(T.unbanQuestion, name),
            description: T.unbanDescription,
            confirmLabel: T.unban,
            request: { path: API.staff.unbanUser, params },
          }
        : {
            ask: 'reason',
            title: fillText(T.banQuestion, name),
            description: T.banDescription,
            confirmLabel: T.ban,
            request: { path: API.staff.banUser, params },
          },
    );
    actions.push({
      ask: 'reason',
      title: fillText(T.deleteQuestion, name),
      description: T.deleteDescription,
      confirmLabel: T.deleteAccount,
      request: { path: API.staff.deleteUser, params },
      after: onDeleted,
    });
  }
  if (isAdmin && user.role === 'staff') {
    actions.push({
      ask: 'confirm',
      title: fillText(T.revokeQuestion, name),
      confirmLabel: T.revokeStaff,
      request: { path: API.staff.revokeStaff, params },
    });
  } else if (isAdmin && user.role === 'user' && !user.bannedAt) {
    actions.push({
      ask: 'confirm',
      title: fillText(T.grantQuestion, name),
      confirmLabel: T.grantStaff,
      request: { path: API.staff.grantStaff, params },
    });
  }
  return actions;
}

/** One person as staff see them: ban state, listings (hidden ones too), reports against them, tickets. */
export function UserDetail({ userId, onBack }: { userId: number; onBack(): void }) {
  const formatPrice = useFormatPrice();
  const texts = useTexts();
  const T = texts.staff;
  const locale = useLocale();
  const { currentUser } = useSession();
  const moderation = useModeration();
  const [ticketId, setTicketId] = useState<number | null>(null);
  // Once the account is deleted its page has nothing left to show but that it is gone.
  const [deleted, setDeleted] = useState(false);
  const detail = useQuery({
    queryKey: staffKeys.user(userId),
    queryFn: ({ signal }) => fetchUser(userId, signal),
  });

  if (ticketId !== null) return <LiveStaffTicket ticketId={ticketId} onBack={() => setTicketId(null)} />;
  if (deleted) {
    return (
      <div className="flex flex-col gap-4">
        <BackButton onClick={onBack} />
        <Banner tone="success">{texts.accountData.staffDeleted}</Banner>
      </div>
    );
  }

  const data = detail.data;
  return (
    <div className="flex flex-col gap-4">
      <BackButton onClick={onBack} />
      <QueryState isPending={detail.isPending} error={detail.error} onRetry={() => void detail.refetch()}>
        {data && (
          <>
            <section className="card flex flex-col gap-2 p-4">
              <div className="flex flex-wrap items-center gap-2">
                <h2 className="text-xl font-bold break-all text-stone-900">@{data.user.username}</h2>
                <Pill tone={data.user.role === 'user' ? 'neutral' : 'good'}>
                  {T.roles[data.user.role] ?? data.user.role}
                </Pill>
                {data.user.bannedAt && <Pill tone="bad">{T.bannedBadge}</Pill>}
              </div>
              <p className="text-sm break-all text-stone-700">{data.user.email}</p>
              <p className="text-sm text-stone-600">
                {fillText(T.joined, { when: formatWhen(data.user.createdAt, locale) })}
                {data.user.address && ` · ${data.user.address}`}
                {` · ${countText(data.garageSales, 'garageSales', texts.common.counts, locale)}`}
              </p>
              {data.user.bannedAt && (
                <p className="text-sm text-red-800">
                  {fillText(T.bannedBecause, { reason: data.user.banReason ?? '' })}
                </p>
              )}
              {moderation.notice}
              <div className="flex flex-wrap gap-2">
                {roleActions(T, data, currentUser, () => setDeleted(true)).map((action) => (
                  <button
                    key={action.request.path}
                    type="button"
                    className="btn btn-outline"
                    onClick={() => moderation.ask(action)}
                  >
                    {action.confirmLabel}
                  </button>
                ))}
              </div>
            </section>
            <Section title={T.listings} empty={T.noListings}>
              {data.listings.map((listing) => (
                <li key={listing.id} className="flex flex-wrap items-center gap-2 py-2 text-sm">
                  <Link
                    to={ROUTES.productDetail(listing.id)}
                    className="font-semibold text-brand-800 hover:underline"
                  >
                    {listing.title}
                  </Link>
                  <span className="text-stone-700">{formatPrice(listing.price)}</span>
                  {listing.isSold && <Pill>{T.sold}</Pill>}
                  {listing.hiddenAt && <Pill tone="bad">{T.hidden}</Pill>}
                  {listing.openReports > 0 && (
                    <Pill tone="warn">
                      {countText(listing.openReports, 'openReports', texts.common.counts, locale)}
                    </Pill>
                  )}
                  {listing.hiddenAt && listing.hiddenReason && (
                    <span className="w-full text-stone-600">
                      {fillText(T.hiddenBecause, { reason: listing.hiddenReason })}
                    </span>
                  )}
                </li>
              ))}
            </Section>
            <Section
              title={T.reportsAgainst}
              empty={T.noReportsAgainst}
              note={fillText(texts.staff.rejectedMessages, { count: data.rejectedMessages })}
            >
              {data.reports.map((report) => (
                <ReportLine
                  key={report.id}
                  report={report}
                  about={report.productTitle}
                  className="flex flex-wrap gap-x-2 py-2 text-sm text-stone-800"
                />
              ))}
            </Section>
            <Section title={T.tickets} empty={T.noUserTickets}>
              {data.tickets.map((ticket) => (
                <li key={ticket.id} className="py-1">
                  <button
                    type="button"
                    className="flex w-full flex-wrap items-center gap-2 py-1 text-left text-sm hover:underline"
                    onClick={() => setTicketId(ticket.id)}
                  >
                    <span className="font-semibold">{fillText(T.ticketOf, { id: ticket.id })}</span>
                    <span>{texts.support.issues[ticket.subject] ?? ticket.title}</span>
                    <Pill tone={ticket.status === 'open' ? 'good' : 'neutral'}>
                      {ticket.status === 'open' ? T.statusOpen : T.statusClosed}
                    </Pill>
                    <span className="text-stone-500">{formatWhen(ticket.lastMessageAt, locale)}</span>
                  </button>
                </li>
              ))}
            </Section>
          </>
        )}
      </QueryState>
      {moderation.dialogs}
    </div>
  );
}
