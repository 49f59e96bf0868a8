import { Link } from 'react-router';
import { ROUTES, fillText, type ChatRoom } from '@rummage/contract';
import { assetUrl, PRODUCT_PLACEHOLDER_IMAGE } from '../../shared/api/assets';
import { shortenTitle } from './shortenTitle';
import { useTexts } from '../../shared/i18n/useTexts';
import { isDeletedUser } from '../../shared/i18n/deletedUser';

/** One chat in the inbox: picture, shortened title, @name, Seen/Unseen, and a trash button. */
export function InboxRow({ room, onOpen, onDelete }: { room: ChatRoom; onOpen(): void; onDelete(): void }) {
  const texts = useTexts();
  const T = texts.inbox;
  const names = { title: room.productTitle, username: room.otherUserName };
  const shortTitle = shortenTitle(room.productTitle);
  return (
    <li className="card flex items-center gap-2 p-2 pr-1 md:gap-3 md:p-3">
      <Link
        to={ROUTES.chat(room.otherUserId, room.productId)}
        onClick={onOpen}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-xl p-1 hover:bg-stone-50"
      >
        <img
          src={assetUrl(room.productImageUrl, PRODUCT_PLACEHOLDER_IMAGE)}
          alt=""
          className="h-14 w-14 shrink-0 rounded-lg bg-stone-100 object-cover md:h-16 md:w-16"
          onError={(event) => {
            if (!event.currentTarget.src.endsWith(PRODUCT_PLACEHOLDER_IMAGE))
              event.currentTarget.src = PRODUCT_PLACEHOLDER_IMAGE;
          }}
        />
        {/* On a phone the badge goes under the name: beside it, a long word was left a few letters a line. */}
        <span className="flex min-w-0 flex-1 flex-col gap-1 md:flex-row md:items-center md:gap-3">
          <span className="flex min-w-0 flex-1 flex-col">
            <span className="font-semibold break-words text-stone-900" title={room.productTitle}>
              {shortTitle === room.productTitle.trim() ? (
                shortTitle
              ) : (
                // Screen readers get the whole title; the eye gets the SPEC's short form.
                <>
                  <span aria-hidden="true">{shortTitle}</span>
                  <span className="sr-only">{room.productTitle}</span>
                </>
              )}
            </span>
            <span className="truncate text-sm text-stone-700">
              {isDeletedUser(room.otherUserName) ? texts.chat.deletedUser : `@${room.otherUserName}`}
            </span>
          </span>
          <span
            className={`shrink-0 self-start rounded-full px-2.5 py-0.5 text-xs font-semibold md:self-center ${
              room.hasUnread ? 'bg-accent-100 text-accent-700' : 'bg-stone-100 text-stone-700'
            }`}
          >
            {room.hasUnread ? T.unseen : T.seen}
          </span>
        </span>
      </Link>
      <button
        type="button"
        onClick={onDelete}
        aria-label={fillText(texts.inbox.deleteChat, names)}
        className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-stone-700 hover:bg-red-50 hover:text-red-700"
      >
        <TrashIcon />
      </button>
    </li>
  );
}

function TrashIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-5 w-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path
        d="M4 7h16M10 11v6M14 11v6M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12M9 7V4h6v3"
        strokeLinecap="round"
      />
    </svg>
  );
}
