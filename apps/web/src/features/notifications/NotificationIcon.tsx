import type { NotificationType } from '@rummage/contract';

/** Outline paths (24×24) for each kind of entry; an unknown future type falls back to the bell. */
const PATHS: Record<NotificationType, string[]> = {
  message: ['M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z'],
  support: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z', 'M9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3', 'M12 17h.01'],
  follow: [
    'M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2',
    'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z',
    'M19 8v6M22 11h-6',
  ],
  garageSale: ['M3 10l9-7 9 7v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1z', 'M9 21v-7h6v7'],
  like: [
    'M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8z',
  ],
  // A bookmark: the listing is held for someone.
  reservation: ['M19 21l-7-5-7 5V5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2z'],
  // A magnifier: something new matched a saved search.
  savedSearch: ['M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16z', 'M21 21l-4.35-4.35'],
  // A handshake's check: a deal recorded or called off.
  deal: ['M20 6L9 17l-5-5'],
  // A star: a rating asked for, published or removed.
  review: ['M12 2l3.1 6.3 6.9 1-5 4.9 1.2 6.8-6.2-3.2-6.2 3.2 1.2-6.8-5-4.9 6.9-1z'],
  // A price tag: an offer on a listing, or an answer to one.
  offer: ['M20.6 13.4l-7.2 7.2a2 2 0 0 1-2.8 0L2 12V2h10l8.6 8.6a2 2 0 0 1 0 2.8z', 'M7 7h.01'],
};
const BELL = ['M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9', 'M13.73 21a2 2 0 0 1-3.46 0'];

/** The round icon in front of an entry, saying at a glance what it is about; decorative. */
export function NotificationIcon({ type, unread }: { type: NotificationType; unread: boolean }) {
  const paths = Object.prototype.hasOwnProperty.call(PATHS, type) ? PATHS[type] : BELL;
  return (
    <span
      className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-brand-700 ${unread ? 'bg-white' : 'bg-brand-50'}`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-5 w-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    </span>
  );
}
