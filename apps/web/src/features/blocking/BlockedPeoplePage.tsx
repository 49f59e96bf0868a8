import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ROUTES, fillText } from '@rummage/contract';
import { DEFAULT_USER_IMAGE, assetUrl } from '../../shared/api/assets';
import { Banner } from '../../shared/ui/Banner';
import { EmptyState } from '../../shared/ui/EmptyState';
import { formatMonthYear } from '../../shared/ui/formatDate';
import { PageHeading } from '../../shared/ui/PageHeading';
import { Spinner } from '../../shared/ui/Spinner';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle';
import { blockKeys, fetchBlockedPeople } from './api';
import { BlockButton } from './BlockButton';
import { useLocale, useTexts } from '../../shared/i18n/useTexts';

/** /settings/blocked (docs/product.md §11): the people you blocked, newest first, each with Unblock. */
export default function BlockedPeoplePage() {
  const B = useTexts().blocking;
  const locale = useLocale();
  useDocumentTitle(B.documentTitle);
  const blocked = useQuery({
    queryKey: blockKeys.blocked,
    queryFn: ({ signal }) => fetchBlockedPeople(signal),
  });

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6">
      <div className="flex flex-col gap-2">
        <PageHeading>{B.listTitle}</PageHeading>
        <p className="text-stone-700">{B.listIntro}</p>
      </div>
      {blocked.isPending ? (
        <Spinner label={B.listLoading} />
      ) : blocked.isError ? (
        <Banner>{B.listFailed}</Banner>
      ) : blocked.data.length === 0 ? (
        <EmptyState title={B.listEmpty} />
      ) : (
        <ul className="flex flex-col gap-3">
          {blocked.data.map((person) => (
            <li key={person.id} className="card flex items-center gap-3 p-4">
              <Link to={ROUTES.otherUser(person.id)} className="flex min-w-0 flex-1 items-center gap-3">
                <img
                  src={assetUrl(person.imageUrl, DEFAULT_USER_IMAGE)}
                  alt=""
                  className="size-12 rounded-full object-cover"
                />
                <span className="flex min-w-0 flex-col">
                  <span className="truncate font-semibold">@{person.userName}</span>
                  <span className="text-sm text-stone-600">
                    {fillText(B.blockedSince, { date: formatMonthYear(person.blockedAt, locale) })}
                  </span>
                </span>
              </Link>
              <BlockButton
                userId={person.id}
                userName={person.userName}
                initialBlocked
                onChange={() => void blocked.refetch()}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
