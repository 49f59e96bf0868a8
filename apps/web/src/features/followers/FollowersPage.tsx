import { messages } from '@rummage/contract';
import { EmptyState } from '../../shared/ui/EmptyState';
import { PageHeading } from '../../shared/ui/PageHeading';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle';

const TITLE = 'Followers - {product}';

/**
 * /followers: heading and the follower cards. The cards (GET /api/User/followers) arrive with the
 * followers issue; with nobody following yet the SPEC's empty state shows.
 */
export default function FollowersPage() {
  useDocumentTitle(TITLE);
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6">
      <PageHeading>{messages.followers.heading}</PageHeading>
      <EmptyState title={messages.followers.emptyTitle} text={messages.followers.emptyText} />
    </div>
  );
}
