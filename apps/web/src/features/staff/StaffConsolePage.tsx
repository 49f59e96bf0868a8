import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { API, ROUTES, type CurrentUser } from '@rummage/contract';
import { apiFetch } from '../../shared/api/client';
import { useSession } from '../../shared/session/SessionContext';
import { ME_QUERY_KEY } from '../../shared/session/SessionProvider';
import { Banner } from '../../shared/ui/Banner';
import { EmptyState } from '../../shared/ui/EmptyState';
import { PageHeading } from '../../shared/ui/PageHeading';
import { Spinner } from '../../shared/ui/Spinner';
import { Tabs } from '../../shared/ui/Tabs';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle';
import { HeldMessagesTab } from './HeldMessagesTab';
import { LogTab } from './LogTab';
import { ReportsTab } from './ReportsTab';
import { TicketsTab } from './TicketsTab';
import { UsersTab } from './UsersTab';
import { useTexts } from '../../shared/i18n/useTexts';

/**
 * The role comes from GET /api/Account/me (the stored session has none). Same query as SessionProvider's, so
 * it is asked once; here its loading and failure are needed as well as its answer.
 */
function useRole() {
  const token = useSession().session?.authToken ?? null;
  return useQuery({
    queryKey: [ME_QUERY_KEY, token],
    queryFn: ({ signal }) =>
      apiFetch<{ data: CurrentUser }>(API.account.me, { signal }).then((body) => body.data),
    enabled: token !== null,
    retry: false,
    staleTime: 5 * 60 * 1000,
  });
}

/**
 * Five tabs are wider than a phone: below md the strip scrolls sideways rather than the page, with narrower
 * tabs so that at 375 px all five still fit (the strip's 1 px bottom padding keeps the tabs' overlap with its
 * border from making it scroll up and down too).
 */
const NARROW_TAB_STRIP =
  'max-md:[&>div>[role=tablist]]:overflow-x-auto max-md:[&>div>[role=tablist]]:pb-px max-md:[&>div>[role=tablist]>[role=tab]]:px-2';

function StaffConsole() {
  // Kept here so a chosen ticket survives a look at another tab.
  const T = useTexts().staff;
  const [ticketId, setTicketId] = useState<number | null>(null);
  return (
    <div className={`mx-auto w-full max-w-6xl px-4 py-6 md:py-10 ${NARROW_TAB_STRIP}`}>
      <PageHeading className="mb-4">{T.heading}</PageHeading>
      <Tabs
        label={T.tabsLabel}
        tabs={[
          {
            id: 'tickets',
            label: T.tabs.tickets,
            panel: <TicketsTab selectedId={ticketId} onSelect={setTicketId} />,
          },
          { id: 'reports', label: T.tabs.reports, panel: <ReportsTab /> },
          { id: 'held', label: T.heldTab, panel: <HeldMessagesTab /> },
          { id: 'users', label: T.tabs.users, panel: <UsersTab /> },
          { id: 'log', label: T.tabs.log, panel: <LogTab /> },
        ]}
      />
    </div>
  );
}

/**
 * /staff: support staff and admins only. The route sits behind RequireSession (visitors go to /login); signed-in
 * people without the role get a plain "Staff only" panel, and the server refuses them every staff call anyway.
 */
export default function StaffConsolePage() {
  const texts = useTexts();
  const T = texts.staff;
  useDocumentTitle(T.title);
  const me = useRole();

  if (me.isPending) return <Spinner />;
  if (me.error) {
    return (
      <div className="mx-auto w-full max-w-xl px-4 py-10">
        <Banner>{me.error.message || texts.common.somethingWentWrong}</Banner>
        <button type="button" className="btn btn-outline mt-4" onClick={() => void me.refetch()}>
          {T.retry}
        </button>
      </div>
    );
  }
  if (me.data.role !== 'staff' && me.data.role !== 'admin') {
    return (
      <div className="px-4 py-10">
        <EmptyState title={T.staffOnlyTitle} text={T.staffOnlyText} headingLevel={1}>
          <Link to={ROUTES.home} className="btn btn-primary">
            {texts.common.goToHome}
          </Link>
        </EmptyState>
      </div>
    );
  }
  return <StaffConsole />;
}
